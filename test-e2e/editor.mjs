// Drives n8n's editor in Debian's headless Chromium with playwright-core.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { chromium } from 'playwright-core';

const OWNER = {
	email: 'owner@example.com',
	firstName: 'Olive',
	lastName: 'Owner',
	password: 'Outreach-e2e-1',
};

/** Sets up the owner account on a new n8n, or signs in as it; `post` is fetch's or Playwright's. */
async function ownerSignIn(post, url) {
	const setup = await post(`${url}/rest/owner/setup`, OWNER);
	if (setup.ok) return setup;
	const login = await post(`${url}/rest/login`, {
		emailOrLdapLoginId: OWNER.email,
		password: OWNER.password,
	});
	if (!login.ok)
		throw new Error(`Cannot sign in to n8n: owner setup ${setup.status}, login ${login.status}`);
	return login;
}

/** A cookie header of an owner session, for n8n's authenticated REST endpoints. */
export async function ownerSessionCookie(url) {
	const post = (target, data) =>
		fetch(target, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(data),
		});
	const response = await ownerSignIn(post, url);
	return response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.join('; ');
}

/** n8n's REST API at `url`, signed in as the owner: `(method, route, body)` → the answer's data. */
export function restOn(url) {
	return async (method, route, body) => {
		const response = await fetch(`${url}/rest${route}`, {
			method,
			headers: { cookie: await ownerSessionCookie(url), 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = await response.json();
		if (!response.ok)
			throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
		return json.data;
	};
}

/** A signed-in browser page on n8n; `close()` ends the browser. */
export async function openEditor(url) {
	const browser = await chromium.launch({
		executablePath: '/usr/bin/chromium',
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
	const page = await context.newPage();
	await ownerSignIn(async (target, data) => {
		const response = await page.request.post(target, { data });
		return { ok: response.ok(), status: response.status() };
	}, url);
	return { page, close: () => browser.close() };
}

async function openWorkflow(page, url, workflowId) {
	await page.goto(`${url}/workflow/${workflowId}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
	// n8n 2.x locks a workflow to the browser tab that last edited it (an earlier test's closed
	// browser, here) and shows it read-only with "Edit here", as a user would see it: take it over.
	// The banner comes a moment after the canvas, so wait a few seconds for it.
	await takeOver(page, 5_000);
}

/** Clicks n8n 2.x's "Edit here" if the banner shows within `timeoutMs`; whether it did. */
async function takeOver(page, timeoutMs) {
	const editHere = page.getByText('Edit here', { exact: true });
	const locked = await editHere
		.waitFor({ timeout: timeoutMs })
		.then(() => true)
		.catch(() => false);
	if (locked) {
		await editHere.click();
		await editHere.waitFor({ state: 'hidden', timeout: 20_000 });
	}
	return locked;
}

/** Adds a node after the workflow's last node through the node creator, searching "Outreach". */
async function openOutreachInNodeCreator(page) {
	const open = async () => {
		await page.locator('[data-test-id="canvas-handle-plus"]').last().click({ timeout: 20_000 });
		await page.locator('[data-test-id="node-creator-search-bar"]').waitFor({ timeout: 20_000 });
	};
	try {
		await open();
	} catch (error) {
		// On a loaded machine the lock banner may come after openWorkflow stopped waiting for it.
		if (!(await takeOver(page, 1_000))) throw error;
		await open();
	}
	await page.keyboard.type('Outreach');
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: /^Outreach$/ })
		.first()
		.click();
	await page
		.getByText('Make an AI voice call', { exact: true })
		.first()
		.waitFor({ timeout: 20_000 });
}

/**
 * Opens a workflow, clicks "Execute workflow" as a user does, and waits until `nodeName` on the canvas
 * shows `itemsText` (e.g. "10 items"). Returns the texts of any error notifications n8n showed.
 */
export async function runWorkflowInEditor(
	page,
	url,
	{ workflowId, nodeName, itemsText, screenshot },
) {
	await openWorkflow(page, url, workflowId);
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	const node = page.locator('[data-test-id="canvas-node"]').filter({ hasText: nodeName });
	await node.getByText(itemsText).waitFor({ timeout: 60_000 });
	if (screenshot) await page.screenshot({ path: screenshot });
	const notifications = await page.locator('.el-notification').allInnerTexts();
	return notifications.filter((text) => /problem|error/i.test(text));
}

/** The node creator's panel for the Outreach node, as a user sees it after searching "Outreach". */
export async function nodeCreatorPanelText(page, url, workflowId) {
	await openWorkflow(page, url, workflowId);
	await openOutreachInNodeCreator(page);
	return await page.locator('[data-test-id="node-creator"]').innerText();
}

/**
 * Adds Assistant → Create, opens its actions multi-select (Additional Fields → Action Names or IDs)
 * and returns the issue n8n shows when the options cannot be loaded (the tooltip of its warning).
 */
export async function actionsOptionsIssue(page, url, workflowId) {
	await openWorkflow(page, url, workflowId);
	await openOutreachInNodeCreator(page);
	await page.getByText('Create an assistant', { exact: true }).first().click();
	const panel = page.locator('[data-test-id="ndv"]').first();
	await panel.locator('[data-test-id="parameter-input-operation"]').waitFor({ timeout: 20_000 });
	await panel.getByPlaceholder('Add Field').first().click();
	await page.getByText('Action Names or IDs').last().click();
	const issues = panel.locator('[data-test-id="parameter-issues"]').first();
	await issues.waitFor({ timeout: 20_000 });
	await issues.locator('svg').first().hover();
	// n8n 1.x shows it in an Element Plus popper, 2.x in a tooltip of its own.
	const tooltip = page
		.locator('.el-popper:visible, [data-test-id="tooltip-content"]:visible', { hasText: 'Issues' })
		.first();
	await tooltip.waitFor({ timeout: 10_000 });
	return await tooltip.innerText();
}

/**
 * Opens a workflow, adds an Outreach node after its last node through the node creator, picks an
 * operation, screenshots the node panel, then runs the workflow and screenshots the result.
 */
export async function driveEditor({ url, workflowId, screenshots }) {
	mkdirSync(screenshots, { recursive: true });
	const { page, close } = await openEditor(url);
	try {
		await openWorkflow(page, url, workflowId);
		const listCustomers = page
			.locator('[data-test-id="canvas-node"]')
			.filter({ hasText: 'List Customers' });
		await openOutreachInNodeCreator(page);
		await page.getByText('Make an AI voice call', { exact: true }).first().click();
		const panel = page.locator('[data-test-id="ndv"]').first();
		await panel.locator('[data-test-id="parameter-input-operation"]').waitFor({ timeout: 20_000 });
		await page.waitForTimeout(800);
		await page.screenshot({ path: path.join(screenshots, 'node-panel.png') });
		const panelText = await panel.locator('[data-test-id="node-parameters"]').innerText();

		// Back on the canvas, remove the added node (its Agent ID is empty) and run the workflow.
		await page.keyboard.press('Escape');
		await panel.waitFor({ state: 'hidden', timeout: 20_000 });
		const added = page
			.locator('[data-test-id="canvas-node"]')
			.filter({ hasText: 'Make an AI voice call' });
		await added.hover();
		await added.locator('[data-test-id="delete-node-button"]').click();
		await added.waitFor({ state: 'detached', timeout: 20_000 });
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await listCustomers.getByText(/10 items/).waitFor({ timeout: 60_000 });
		await listCustomers.dblclick();
		await page
			.locator('[data-test-id="ndv"] [data-test-id="output-panel"]')
			.getByText(/cus_00001/)
			.first()
			.waitFor({ timeout: 20_000 });
		await page.waitForTimeout(800);
		await page.screenshot({ path: path.join(screenshots, 'workflow-run.png') });
		return { panelText };
	} finally {
		await close();
	}
}

/**
 * Opens a stored credential's dialog as a user does from Overview → Credentials, waits for n8n's test
 * of the credential to pass, scrolls the form to `lastField`, screenshots the dialog and returns the
 * form's text.
 */
export async function credentialDialog({ url, credentialId, lastField, screenshot }) {
	const { page, close } = await openEditor(url);
	try {
		await page.goto(`${url}/home/credentials/${credentialId}`);
		const dialog = page.locator('[data-test-id="editCredential-modal"]');
		const form = dialog.locator('[data-test-id="credential-edit-dialog"]');
		await form.waitFor({ timeout: 60_000 });
		// n8n tests the credential on opening and redraws the form with the result: scroll after it.
		await form.getByText('Connection tested successfully').waitFor({ timeout: 30_000 });
		const field = form.getByText(lastField, { exact: true });
		await field.scrollIntoViewIfNeeded();
		await page.waitForTimeout(800);
		// A screenshot of the dialog element would scroll its form back to the top: clip the page instead.
		await page.screenshot({ path: screenshot, clip: await dialog.boundingBox() });
		return await form.innerText();
	} finally {
		await close();
	}
}

/**
 * Runs a workflow in the editor twice, its calls' leads reached by the first run (or earlier), opens
 * `nodeName`'s panel and waits for the hint above its output that says how many were skipped; the
 * hint's text, and a screenshot of the panel at `screenshot`.
 */
export async function skippedRunHint({ url, workflowId, nodeName, itemsText, screenshot }) {
	const { page, close } = await openEditor(url);
	try {
		for (let run = 0; run < 2; run++)
			await runWorkflowInEditor(page, url, { workflowId, nodeName, itemsText });
		await page.locator('[data-test-id="canvas-node"]').filter({ hasText: nodeName }).dblclick();
		const hint = page
			.locator('[data-test-id="ndv"] [data-test-id="node-hint"]')
			.filter({ hasText: /leads were not called/ })
			.first();
		await hint.waitFor({ timeout: 60_000 });
		await page.waitForTimeout(800);
		await page.screenshot({ path: screenshot });
		return (await hint.innerText()).trim();
	} finally {
		await close();
	}
}

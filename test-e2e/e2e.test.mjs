// End-to-end: the packed package inside a real n8n, set up as `npm run dev` sets it up, driven from
// the CLI and from a real browser.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { OUTREACH_CREDENTIAL_TYPE, SANDBOX_CREDENTIAL } from '../.build/support/credential.js';
import {
	ensureN8n,
	exampleWorkflowId,
	LOCAL_DIR,
	n8nCli,
	ownerSetupPending,
	setUpDevHome,
	startN8n,
} from '../.build/support/n8n/setup.js';
import { freePort } from '../.build/support/n8n/processes.js';
import { PACKAGE_ROOT } from '../.build/support/repo.js';
import { startSandbox } from '../.build/support/sandbox/server.js';
import {
	actionsOptionsIssue,
	credentialDialog,
	driveEditor,
	nodeCreatorPanelText,
	openEditor,
	ownerSessionCookie,
	runWorkflowInEditor,
} from './editor.mjs';

const hasBrowser = existsSync('/usr/bin/chromium')
	? false
	: 'Debian chromium is not installed (scripts/e2e-setup.sh installs it)';

let installation;
let home;
let sandbox;
let n8n;
let port;

/** Where screenshots go: the README shows the default n8n's; other versions' stay in .n8n-local/. */
function screenshotsDir() {
	return process.env.OUTREACH_N8N_VERSION
		? path.join(LOCAL_DIR, `screenshots-${installation.version}`)
		: path.join(PACKAGE_ROOT, 'docs', 'screenshots');
}

before(
	async () => {
		installation = await ensureN8n();
		home = path.join(LOCAL_DIR, `e2e-home-${installation.version}`);
		rmSync(home, { recursive: true, force: true });
		sandbox = await startSandbox(0, { seedCustomers: 30, seedExamples: true });
		await setUpDevHome(installation, home, sandbox);
		port = await freePort();
		n8n = await startN8n(installation, home, port);
	},
	{ timeout: 30 * 60_000 },
);

after(async () => {
	await n8n?.stop();
	await sandbox?.stop();
});

test('n8n loads the Outreach node, trigger and credential, with no load errors in its log', async () => {
	// The dev loop asks for the owner account only while n8n has none (as here, before the first sign-in).
	assert.equal(await ownerSetupPending(n8n.url), true);
	const headers = { cookie: await ownerSessionCookie(n8n.url) };
	assert.equal(await ownerSetupPending(n8n.url), false);
	const nodes = await (await fetch(`${n8n.url}/types/nodes.json`, { headers })).json();
	const names = nodes.map((node) => node.name);
	assert.ok(names.includes('n8n-nodes-outreach.outreach'), 'Outreach node type is known to n8n');
	assert.ok(
		names.includes('n8n-nodes-outreach.outreachTrigger'),
		'Outreach Trigger node type is known to n8n',
	);
	const credentials = await (await fetch(`${n8n.url}/types/credentials.json`, { headers })).json();
	assert.ok(
		credentials.some((credential) => credential.name === OUTREACH_CREDENTIAL_TYPE),
		'Outreach API credential type is known',
	);

	const problems = n8n
		.readLog()
		.split('\n')
		.filter(
			(line) =>
				/outreach/i.test(line) && /(error|fail|unrecognized|not installed|could not)/i.test(line),
		);
	assert.deepEqual(problems, []);
});

test(
	'an example workflow executed from the command line reaches the sandbox',
	{ timeout: 180_000 },
	async () => {
		sandbox.clearRequests();
		const output = await n8nCli(
			installation,
			home,
			['execute', `--id=${exampleWorkflowId('try-it-list-customers.json')}`, '--rawOutput'],
			port,
		);
		const requests = sandbox.requests.map((request) => [
			request.method,
			request.rawPath,
			request.status,
		]);
		assert.deepEqual(requests, [['GET', '/v2/_customers', 200]]);
		assert.equal(sandbox.requests[0].headers.authorization, `Bearer ${sandbox.token}`);
		assert.deepEqual(sandbox.requests[0].query, { page: 1, per_page: 10 });
		assert.match(output, /cus_00001/);
		assert.match(output, /cus_00010/);
		assert.doesNotMatch(output, /cus_00011/);
	},
);

test(
	'in the editor, the Outreach node is added, its panel shows resource and operation, and a run finishes',
	{ timeout: 300_000, skip: hasBrowser },
	async () => {
		sandbox.clearRequests();
		const screenshots = screenshotsDir();
		for (const file of ['node-panel.png', 'workflow-run.png']) {
			rmSync(path.join(screenshots, file), { force: true });
		}
		const result = await driveEditor({
			url: n8n.url,
			workflowId: exampleWorkflowId('try-it-list-customers.json'),
			screenshots,
		});
		assert.match(result.panelText, /Resource/);
		assert.match(result.panelText, /Operation/);
		assert.ok(existsSync(path.join(screenshots, 'node-panel.png')));
		assert.ok(existsSync(path.join(screenshots, 'workflow-run.png')));
		assert.ok(
			sandbox.requests.some(
				(request) => request.rawPath === '/v2/_customers' && request.status === 200,
			),
			'the run from the editor reached the sandbox',
		);
	},
);

test(
	'the credential dialog passes n8n’s test of the sandbox credential and shows every field, guardrails included',
	{ timeout: 180_000, skip: hasBrowser },
	async () => {
		const { OutreachApi } = await import(
			path.join(PACKAGE_ROOT, 'dist', 'credentials', 'OutreachApi.credentials.js')
		);
		const fields = new OutreachApi().properties.map((property) => property.displayName);
		const screenshot = path.join(screenshotsDir(), 'credential.png');
		rmSync(screenshot, { force: true });
		const formText = await credentialDialog({
			url: n8n.url,
			credentialId: SANDBOX_CREDENTIAL.id,
			lastField: fields.at(-1),
			screenshot,
		});
		for (const field of fields) assert.ok(formText.includes(field), `the dialog shows ${field}`);
		assert.ok(existsSync(screenshot));
	},
);

test(
	'n8n offers the Outreach node as an AI tool, and the AI agent example imports with its tools as written',
	{ timeout: 180_000 },
	async () => {
		const headers = { cookie: await ownerSessionCookie(n8n.url) };
		const nodes = await (await fetch(`${n8n.url}/types/nodes.json`, { headers })).json();
		const toolType = 'n8n-nodes-outreach.outreachTool';
		assert.ok(
			nodes.some((node) => node.name === toolType),
			'the Outreach Tool node type is known to n8n',
		);
		const file = 'ai-agent-calls-customers.json';
		const exported = path.join(home, 'agent-example.json');
		await n8nCli(
			installation,
			home,
			['export:workflow', `--id=${exampleWorkflowId(file)}`, `--output=${exported}`],
			port,
		);
		const [stored] = JSON.parse(readFileSync(exported, 'utf8'));
		const written = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'examples', file), 'utf8'));
		const tools = (workflow) =>
			workflow.nodes
				.filter((node) => node.type === toolType)
				.map((node) => [node.name, node.parameters]);
		assert.equal(tools(written).length, 2);
		assert.deepEqual(tools(stored), tools(written));
		assert.deepEqual(stored.connections, written.connections);
	},
);

/** Each example, run with "Execute workflow" on its pinned trigger data, and what it must send. */
const examples = [
	{
		file: 'try-it-list-customers.json',
		nodeName: 'List Customers',
		itemsText: '10 items',
		requests: [['GET', '/v2/_customers', 200]],
	},
	{
		file: 'crm-lead-to-call.json',
		nodeName: 'Call the Lead',
		itemsText: '2 items',
		requests: [
			['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200],
			['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200],
		],
	},
	{
		file: 'weekly-campaign.json',
		nodeName: 'Create Weekly Campaign',
		itemsText: '1 item',
		requests: [
			['GET', '/v2/_customers', 200],
			['POST', '/v2/campaign/create_with_touchpoint', 200],
		],
	},
	{
		file: 'call-within-calling-hours.json',
		nodeName: 'Call Within Hours',
		itemsText: '2 items',
		requests: [
			['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200],
			['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200],
		],
	},
	{
		file: 'documents-to-knowledge-base.json',
		nodeName: 'Upload the Documents',
		itemsText: '1 item',
		requests: [['PUT', '/v2/_knowledgebase/kb_support', 200]],
	},
];

test(
	'every example runs in the editor, as imported by the dev set-up, and reaches the sandbox',
	{ timeout: 600_000, skip: hasBrowser },
	async () => {
		const { page, close } = await openEditor(n8n.url);
		try {
			for (const example of examples) {
				sandbox.clearRequests();
				const problems = await runWorkflowInEditor(page, n8n.url, {
					workflowId: exampleWorkflowId(example.file),
					nodeName: example.nodeName,
					itemsText: example.itemsText,
				});
				assert.deepEqual(problems, [], `${example.file}: no error shown`);
				assert.deepEqual(
					sandbox.requests.map((request) => [request.method, request.rawPath, request.status]),
					example.requests,
					`${example.file}: the requests the sandbox received`,
				);
			}
		} finally {
			await close();
		}
	},
);

test(
	'the node creator shows the Outreach node’s own description and no "Action Actions" heading',
	{ timeout: 120_000, skip: hasBrowser },
	async () => {
		const { OUTREACH_DESCRIPTION } = await import(
			path.join(PACKAGE_ROOT, 'dist', 'nodes', 'Outreach', 'shared', 'constants.js')
		);
		const { page, close } = await openEditor(n8n.url);
		try {
			const text = await nodeCreatorPanelText(
				page,
				n8n.url,
				exampleWorkflowId('try-it-list-customers.json'),
			);
			assert.ok(text.includes(OUTREACH_DESCRIPTION), `the panel shows: ${text.slice(0, 300)}`);
			assert.doesNotMatch(text, /Starts the workflow/);
			assert.doesNotMatch(text, /\bACTION ACTIONS\b/i);
			assert.match(text, /ACTION LIBRARY ACTIONS/i);
		} finally {
			await close();
		}
	},
);

test(
	'a failing actions list shows the service’s message in the actions multi-select',
	{ timeout: 120_000, skip: hasBrowser },
	async () => {
		const { page, close } = await openEditor(n8n.url);
		try {
			// The editor may ask more than once (on opening and on focus), and the node reads a failing
			// list four times (once and three retries): every attempt fails.
			const fault = { kind: 'status', status: 500, message: 'Action index rebuilding' };
			sandbox.injectFaults(...Array.from({ length: 12 }, () => fault));
			const issue = await actionsOptionsIssue(
				page,
				n8n.url,
				exampleWorkflowId('try-it-list-customers.json'),
			);
			assert.match(issue, /Action index rebuilding/);
			assert.doesNotMatch(issue, /\[object Object\]/);
		} finally {
			sandbox.clearRequests();
			await close();
		}
	},
);

test(
	'setting up again (a second npm run dev) keeps a user’s edit to an example',
	{ timeout: 300_000 },
	async () => {
		const id = exampleWorkflowId('crm-lead-to-call.json');
		const exported = path.join(home, 'edited.json');
		const read = async () => {
			await n8nCli(
				installation,
				home,
				['export:workflow', `--id=${id}`, `--output=${exported}`],
				port,
			);
			const [workflow] = JSON.parse(readFileSync(exported, 'utf8'));
			return workflow.nodes.find((node) => node.name === 'Call the Lead').parameters.agentId;
		};
		// The user sets the real agent ID, as in the editor: the stored workflow changes.
		await n8nCli(
			installation,
			home,
			['export:workflow', `--id=${id}`, `--output=${exported}`],
			port,
		);
		const [workflow] = JSON.parse(readFileSync(exported, 'utf8'));
		workflow.nodes.find((node) => node.name === 'Call the Lead').parameters.agentId =
			'agent-real-42';
		writeFileSync(exported, JSON.stringify(workflow));
		await n8nCli(installation, home, ['import:workflow', `--input=${exported}`], port);
		assert.equal(await read(), 'agent-real-42');

		const examplesAgain = await setUpDevHome(installation, home, sandbox);
		assert.equal(examplesAgain.length, readdirSync(path.join(PACKAGE_ROOT, 'examples')).length);
		assert.equal(await read(), 'agent-real-42', 'the edit survives the second set-up');
	},
);

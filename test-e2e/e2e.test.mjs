// End-to-end: the packed package inside a real n8n, set up as `npm run dev` sets it up, driven from
// the CLI and from a real browser.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_CREDENTIALS,
	SANDBOX_CREDENTIAL,
} from '../.build/support/credential.js';
import {
	ensureN8n,
	exampleWorkflowId,
	LOCAL_DIR,
	n8nCli,
	ownerSetupPending,
	setUpDevHome,
	startN8n,
} from '../.build/support/n8n/setup.js';
import { freePort, sleep, until } from '../.build/support/n8n/processes.js';
import { PACKAGE_ROOT } from '../.build/support/repo.js';
import { MAKE_CALL_ROUTE, startSandbox } from '../.build/support/sandbox/server.js';
import {
	actionsOptionsIssue,
	credentialDialog,
	driveEditor,
	nodeCreatorPanelText,
	openEditor,
	ownerSessionCookie,
	restOn,
	runWorkflowInEditor,
	skippedRunHint,
} from './editor.mjs';

const hasBrowser = existsSync('/usr/bin/chromium')
	? false
	: 'Debian chromium is not installed (scripts/e2e-setup.sh installs it)';

let installation;
let home;
let sandbox;
let n8n;
let port;
let importedExamples;

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
		importedExamples = await setUpDevHome(installation, home, sandbox);
		port = await freePort();
		await importLeadsWorkflow();
		n8n = await startN8n(installation, home, port, { anotherPortIfTaken: true });
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
	'run again in the editor, a call’s leads are skipped, and the hint above the output says so',
	{ timeout: 300_000, skip: hasBrowser },
	async () => {
		const screenshot = path.join(screenshotsDir(), 'skipped-hint.png');
		rmSync(screenshot, { force: true });
		mkdirSync(path.dirname(screenshot), { recursive: true });
		const hint = await skippedRunHint({
			url: n8n.url,
			workflowId: exampleWorkflowId('call-within-calling-hours.json'),
			nodeName: 'Call Within Hours',
			itemsText: '2 items',
			screenshot,
		});
		assert.match(
			hint,
			/^2 of 2 leads were not called: reached within the last 24 hours \(Options → Skip Leads Called Within\)$/,
		);
		assert.ok(existsSync(screenshot));
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
			// The editor may ask more than once (on opening, on focus, on hover), and the node reads a
			// failing list four times (once and three retries): every attempt fails, however many there
			// are (the faults left are cleared after).
			const fault = {
				kind: 'status',
				status: 500,
				message: 'Action index rebuilding',
				route: 'GET /v2/_actions',
			};
			sandbox.injectFaults(...Array.from({ length: 100 }, () => fault));
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
		assert.deepEqual(examplesAgain, importedExamples);
		// n8n 1.x lacks the human review tool nodes: the example with approval is for 2.x only.
		const files = readdirSync(path.join(PACKAGE_ROOT, 'examples')).filter(
			(file) =>
				!(installation.version.startsWith('1.') && file === 'ai-agent-calls-with-approval.json'),
		);
		assert.deepEqual(examplesAgain.map((example) => example.fileName).sort(), files.sort());
		assert.equal(await read(), 'agent-real-42', 'the edit survives the second set-up');
	},
);

// Exactly once across executions, in real n8n: a saved, active workflow (webhook → split the leads →
// Make Call) run by its production webhook, n8n's Retry of a failed execution through the REST API the
// execution list uses, and the node's record in n8n's deduplication store.
const LEADS_WORKFLOW_ID = 'e2eLeadsToCalls';
const LEADS_PATH = 'e2e-leads';

/** Imports and activates the leads workflow, before n8n starts (as the queue test sets up its own). */
async function importLeadsWorkflow() {
	const workflow = {
		id: LEADS_WORKFLOW_ID,
		name: 'E2E: leads → calls',
		active: false,
		settings: {},
		nodes: [
			{
				id: 'leads',
				name: 'Leads',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: `outreach-${LEADS_PATH}`,
				position: [0, 0],
				parameters: {
					httpMethod: 'POST',
					path: LEADS_PATH,
					responseMode: 'lastNode',
					responseData: 'allEntries',
					options: {},
				},
			},
			{
				id: 'eachLead',
				name: 'Each Lead',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body.leads', options: {} },
			},
			{
				id: 'call',
				name: 'Call',
				type: 'n8n-nodes-outreach.outreach',
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'call',
					operation: 'make',
					agentId: '={{ $json.agent }}',
					phoneNumber: '={{ $json.phone }}',
					// One request at a time: the sandbox's faults meet the leads in their order.
					options: { maxConcurrentRequests: 1 },
				},
				credentials: OUTREACH_CREDENTIALS,
			},
		],
		connections: {
			Leads: { main: [[{ node: 'Each Lead', type: 'main', index: 0 }]] },
			'Each Lead': { main: [[{ node: 'Call', type: 'main', index: 0 }]] },
		},
	};
	const file = path.join(home, 'leads-workflow.json');
	writeFileSync(file, JSON.stringify(workflow));
	await n8nCli(installation, home, ['import:workflow', `--input=${file}`], port);
	// n8n 2.x activates with publish:workflow, 1.x with update:workflow --active=true.
	await n8nCli(
		installation,
		home,
		Number(installation.version.split('.')[0]) >= 2
			? ['publish:workflow', `--id=${LEADS_WORKFLOW_ID}`]
			: ['update:workflow', `--id=${LEADS_WORKFLOW_ID}`, '--active=true'],
		port,
	);
}

/** Delivers leads to the workflow's production webhook, as a CRM would: the answer and its body. */
async function deliverLeads(leads) {
	let response;
	let text;
	// n8n registers an active workflow's webhooks only after its REST API is up: until then it answers
	// 404, and runs nothing.
	await until(async () => {
		response = await fetch(`${n8n.url}/webhook/${LEADS_PATH}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ leads }),
		});
		text = await response.text();
		return !(response.status === 404 && /is not registered/.test(text));
	}, 'n8n registers the leads workflow’s webhook');
	let body;
	try {
		body = JSON.parse(text);
	} catch {
		body = text;
	}
	return { status: response.status, body };
}

/** The makeCall requests the sandbox received for one agent and phone number (placed or not). */
const sentTo = (agent, phone) =>
	sandbox.requests.filter(
		(request) =>
			request.rawPath === `/v2/_voicecalls/${agent}/makeCall` &&
			request.body?.phone_number === phone,
	);
/** Calls the sandbox stored for one agent and phone number: placed, whether or not the answer arrived. */
const placedFor = (agent, phone) =>
	sandbox.store.calls
		.page(1, 100_000)
		.data.filter((call) => call.agent_id === agent && call.phone_number === phone).length;

/** n8n's REST API, signed in as the owner; the answer's data. */
const rest = (method, route, body) => restOn(n8n.url)(method, route, body);

/** The newest execution of the leads workflow, once it is no longer running. */
async function newestExecution() {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: LEADS_WORKFLOW_ID }));
	let newest;
	await until(async () => {
		const list = await rest('GET', `/executions?filter=${filter}&limit=1`);
		newest = list.results[0];
		return newest && !['new', 'running'].includes(newest.status);
	}, 'the execution finishes');
	return newest;
}

/** n8n's Retry of an execution, as the execution list sends it: the retried execution, finished. */
const retry = (id, loadWorkflow) => rest('POST', `/executions/${id}/retry`, { loadWorkflow });

/** The Call node's error in a finished execution, or its output items. */
function callOutcome(execution) {
	const runs = execution.data.resultData.runData.Call ?? [];
	const last = runs.at(-1);
	return {
		error: last?.error ?? execution.data.resultData.error,
		items: last?.data?.main?.[0]?.map((item) => item.json) ?? [],
	};
}

test(
	'n8n’s Retry of a failed execution, original and currently saved: a placed call and a lost answer are not sent again, a refused or unsent lead is',
	{ timeout: 180_000 },
	async () => {
		sandbox.clearRequests();
		const agent = 'retry-agent';
		const [placed, lost, refused] = ['+14155550301', '+14155550302', '+14155550303'];
		// [requests the sandbox received, calls it placed] for each lead.
		const counts = () =>
			[placed, lost, refused].map((phone) => [
				sentTo(agent, phone).length,
				placedFor(agent, phone),
			]);
		// One request at a time, in the items' order: the node sends no further item once one failed.
		sandbox.injectFaults(
			{ kind: 'slow', delayMs: 0, route: MAKE_CALL_ROUTE },
			{ kind: 'lostAnswer', route: MAKE_CALL_ROUTE },
		);
		const delivered = await deliverLeads(
			[placed, lost, refused].map((phone) => ({ phone, agent })),
		);
		assert.equal(delivered.status, 500, JSON.stringify(delivered.body));
		const failed = await newestExecution();
		assert.equal(failed.status, 'error');
		assert.deepEqual(counts(), [
			[1, 1],
			[1, 1],
			[0, 0],
		]);

		// Retry with the original workflow: only the unsent lead is sent, and the service refuses it.
		sandbox.injectFaults({ kind: 'status', status: 400, route: MAKE_CALL_ROUTE });
		const original = await retry(failed.id, false);
		assert.equal(original.status, 'error');
		assert.deepEqual(counts(), [
			[1, 1],
			[1, 1],
			[1, 0],
		]);
		const originalError = callOutcome(original).error;
		console.log(
			`# Retry (original workflow) error: ${originalError?.message} | ${originalError?.description}`,
		);
		assert.match(originalError?.message ?? '', /Not sent again.*may have been placed/);
		assert.match(
			originalError?.description ?? '',
			/Failed without a clear answer \(they may have taken effect\): item 2\. Failed: item 3\./,
		);

		// Retry with the currently saved workflow once the service takes the number: the refused lead is
		// placed; the lead whose answer was lost is still not called again, and its item still fails.
		const saved = await retry(failed.id, true);
		assert.deepEqual(counts(), [
			[1, 1],
			[1, 1],
			[2, 1],
		]);
		const savedError = callOutcome(saved).error;
		console.log(
			`# Retry (saved workflow) status ${saved.status}; error: ${savedError?.message} | ${savedError?.description}`,
		);
		assert.equal(saved.status, 'error');
		assert.match(`${savedError?.message} ${savedError?.description}`, /may have been placed/);

		// A Retry of that retry, and of the first execution again: nothing more is sent.
		await retry(saved.id, true);
		await retry(failed.id, false);
		assert.deepEqual(counts(), [
			[1, 1],
			[1, 1],
			[2, 1],
		]);
	},
);

test(
	'n8n’s Retry of a failed execution once the service takes the refused lead: the placed call is answered from the first run, "repeated"',
	{ timeout: 120_000 },
	async () => {
		sandbox.clearRequests();
		const agent = 'retry-fixed-agent';
		const [placed, refused] = ['+14155550311', '+14155550312'];
		sandbox.injectFaults(
			{ kind: 'slow', delayMs: 0, route: MAKE_CALL_ROUTE },
			{ kind: 'status', status: 400, route: MAKE_CALL_ROUTE },
		);
		const delivered = await deliverLeads([placed, refused].map((phone) => ({ phone, agent })));
		assert.equal(delivered.status, 500, JSON.stringify(delivered.body));
		const failed = await newestExecution();
		assert.equal(failed.status, 'error');
		const retried = await retry(failed.id, false);
		assert.equal(retried.status, 'success', JSON.stringify(callOutcome(retried).error));
		const { items } = callOutcome(retried);
		assert.equal(items.length, 2);
		assert.equal(items[0].repeated, true);
		assert.equal(
			items[0].call_id,
			sandbox.store.calls
				.page(1, 100_000)
				.data.find((call) => call.agent_id === agent && call.phone_number === placed)?.call_id,
		);
		assert.notEqual(items[1].repeated, true);
		assert.match(String(items[1].call_id), /^call_/);
		assert.deepEqual(
			[placed, refused].map((phone) => [sentTo(agent, phone).length, placedFor(agent, phone)]),
			[
				[1, 1],
				[2, 1],
			],
		);
	},
);

test(
	'the same lead delivered twice to the webhook is called once; the second execution outputs it skipped',
	{ timeout: 120_000 },
	async () => {
		sandbox.clearRequests();
		const agent = 'twice-agent';
		const phone = '+14155550321';
		const first = await deliverLeads([{ phone, agent }]);
		assert.equal(first.status, 200, JSON.stringify(first.body));
		const second = await deliverLeads([{ phone, agent }]);
		assert.equal(second.status, 200, JSON.stringify(second.body));
		assert.equal(sentTo(agent, phone).length, 1);
		const [item] = [second.body].flat();
		assert.equal(item.skipped, true, JSON.stringify(second.body));
		assert.ok(item.earlierCallBetween, JSON.stringify(item));
		assert.match(String(item.notice), /Skip Leads Called Within/);
	},
);

test('the same lead in two executions at once is called once', { timeout: 120_000 }, async () => {
	sandbox.clearRequests();
	const agent = 'at-once-agent';
	const phone = '+14155550331';
	// The first call's answer takes 3 seconds: the second delivery arrives while it is under way.
	sandbox.injectFaults({ kind: 'slow', delayMs: 3000, route: MAKE_CALL_ROUTE });
	const answers = await Promise.all([
		deliverLeads([{ phone, agent }]),
		sleep(300).then(() => deliverLeads([{ phone, agent }])),
	]);
	assert.deepEqual(
		answers.map((answer) => answer.status),
		[200, 200],
		JSON.stringify(answers),
	);
	assert.equal(sentTo(agent, phone).length, 1);
	const skipped = answers.map((answer) => [answer.body].flat()[0]?.skipped === true);
	assert.deepEqual(skipped.sort(), [false, true], JSON.stringify(answers));
});

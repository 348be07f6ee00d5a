// End-to-end: the packed package inside a real n8n, driven from the CLI and from a real browser.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';

import {
	ensureN8n,
	exampleWorkflowId,
	importCredentialAndExamples,
	installPackage,
	LOCAL_DIR,
	n8nCli,
	ROOT,
	startN8n,
	startSandbox,
} from '../scripts/n8n-local.mjs';
import { driveEditor, ownerSessionCookie } from './editor.mjs';

const freePort = () =>
	new Promise((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});

let installation;
let home;
let sandbox;
let n8n;
let port;

before(
	async () => {
		installation = await ensureN8n();
		home = path.join(LOCAL_DIR, `e2e-home-${installation.version}`);
		rmSync(home, { recursive: true, force: true });
		mkdirSync(home, { recursive: true });
		installPackage(home);
		sandbox = await startSandbox(0, { seedCustomers: 12 });
		await importCredentialAndExamples(installation, home, sandbox.url, sandbox.token);
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
	const headers = { cookie: await ownerSessionCookie(n8n.url) };
	const nodes = await (await fetch(`${n8n.url}/types/nodes.json`, { headers })).json();
	const names = nodes.map((node) => node.name);
	assert.ok(names.includes('n8n-nodes-outreach.outreach'), 'Outreach node type is known to n8n');
	assert.ok(
		names.includes('n8n-nodes-outreach.outreachTrigger'),
		'Outreach Trigger node type is known to n8n',
	);
	const credentials = await (await fetch(`${n8n.url}/types/credentials.json`, { headers })).json();
	assert.ok(
		credentials.some((credential) => credential.name === 'outreachApi'),
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
	{
		timeout: 300_000,
		skip: existsSync('/usr/bin/chromium')
			? false
			: 'Debian chromium is not installed (scripts/e2e-setup.sh installs it)',
	},
	async () => {
		sandbox.clearRequests();
		const screenshots = path.join(ROOT, 'docs', 'screenshots');
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

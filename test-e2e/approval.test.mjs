// End to end in real n8n 2.x: the approval example (examples/ai-agent-calls-with-approval.json), its
// Outreach call tool behind n8n's human review (the Chat "send and wait" review tool), driven through
// n8n's public chat endpoints as a chat page does, with a stand-in OpenAI-compatible model served here.
// What a chat "execution" is: each chat message starts one; the agent's reviews and tool calls after it
// belong to it, and it waits (status waiting) while a review is unanswered.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { OUTREACH_CREDENTIAL_TYPE } from '../.build/support/credential.js';
import {
	ensureN8n,
	installPackage,
	LOCAL_DIR,
	n8nCli,
	NEWEST_N8N_VERSION,
	startN8n,
} from '../.build/support/n8n/setup.js';
import { freePort, until } from '../.build/support/n8n/processes.js';
import { PACKAGE_ROOT } from '../.build/support/repo.js';
import { MAKE_CALL_ROUTE, startSandbox } from '../.build/support/sandbox/server.js';
import { openEditor, restOn } from './editor.mjs';

const version = process.env.OUTREACH_N8N_VERSION ?? NEWEST_N8N_VERSION;
const skip = version.startsWith('1.')
	? `n8n ${version} has no human review tool nodes (they came in n8n 2.x; a 1.x publish of the example fails with "Unrecognized node type"): there, the credential's guardrails alone hold`
	: false;
const hasBrowser = existsSync('/usr/bin/chromium')
	? false
	: 'Debian chromium is not installed (scripts/e2e-setup.sh installs it)';

/** What a person's browser sends: n8n acts on a review link only for one (a bot's GET changes nothing). */
const BROWSER_UA =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const EXAMPLE = 'ai-agent-calls-with-approval.json';

let installation;
let home;
let sandbox;
let model;
let n8n;
let WebSocket;
const started = Date.now();

/**
 * A stand-in OpenAI-compatible chat model on 127.0.0.1. Asked with the user's message last, it calls
 * the tool named like "call" with the first phone number of the message; after a tool's answer, it
 * calls it again with the next number while the message has one ("call +1…, else +1…"), and then
 * answers in text with every tool answer of this turn, one a line ("TOOL SAID: …").
 */
async function startModel() {
	const calledWith = [];
	const server = createServer((request, response) => {
		let raw = '';
		request.on('data', (chunk) => (raw += chunk));
		request.on('end', () => {
			const body = raw ? JSON.parse(raw) : {};
			if (process.env.APPROVAL_MODEL_LOG)
				writeFileSync(process.env.APPROVAL_MODEL_LOG, JSON.stringify(body) + '\n', { flag: 'a' });
			const messages = body.messages ?? [];
			const lastUser = messages.findLastIndex((message) => message.role === 'user');
			const userText = String(messages[lastUser]?.content ?? '');
			const toolAnswers = messages
				.slice(lastUser + 1)
				.filter((message) => message.role === 'tool')
				.map((message) =>
					typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
				);
			const numbers = userText.match(/\+\d{8,15}/g) ?? [];
			const tool = (body.tools ?? []).find((candidate) => /call/i.test(candidate.function.name));
			const base = {
				id: `chatcmpl-${Date.now()}`,
				created: Math.floor(Date.now() / 1000),
				model: body.model ?? 'gpt-4o-mini',
			};
			let message;
			let finish;
			if (tool && toolAnswers.length < numbers.length) {
				const args = {
					phone_number: numbers[toolAnswers.length],
					customer_name: 'Ada Lovelace',
					call_purpose: 'Follow up on her order',
				};
				const call = {
					id: `call_${toolAnswers.length}_${Date.now()}`,
					type: 'function',
					// Behind the review, n8n asks for the tool's parameters and the review's, apart.
					function: {
						name: tool.function.name,
						arguments: JSON.stringify(
							tool.function.parameters?.properties?.toolParameters
								? { toolParameters: args, hitlParameters: {} }
								: args,
						),
					},
				};
				calledWith.push(args.phone_number);
				message = { role: 'assistant', content: null, tool_calls: [call] };
				finish = 'tool_calls';
			} else {
				const said = toolAnswers.map((answer) => `TOOL SAID: ${answer}`).join('\n');
				message = { role: 'assistant', content: said || 'NO TOOL CALLED' };
				finish = 'stop';
			}
			const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
			if (!body.stream) {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.end(
					JSON.stringify({
						...base,
						object: 'chat.completion',
						choices: [{ index: 0, message, finish_reason: finish }],
						usage,
					}),
				);
				return;
			}
			const chunk = (choice, extra = {}) =>
				`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }], ...extra })}\n\n`;
			const delta = { role: 'assistant', content: message.content ?? '' };
			if (message.tool_calls)
				delta.tool_calls = message.tool_calls.map((call, index) => ({ index, ...call }));
			response.writeHead(200, { 'content-type': 'text/event-stream' });
			response.write(chunk({ delta, finish_reason: null }));
			response.write(chunk({ delta: {}, finish_reason: finish }, { usage }));
			response.end('data: [DONE]\n\n');
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/v1`,
		/** The numbers it asked to call, in order. */
		calledWith,
		stop: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** The example as a workflow of its own: its id, its chat webhook, the call tool's credential and review options. */
function variant(id, serial, { credentialId, reviewOptions }) {
	const workflow = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'examples', EXAMPLE), 'utf8'));
	const uuid = (tail) => `e2e0000${serial}-0000-4000-8000-${tail}`;
	for (const [index, node] of workflow.nodes.entries()) {
		node.id = uuid(String(index).padStart(12, '0'));
		if (node.webhookId)
			node.webhookId = uuid(node.type.endsWith('chatTrigger') ? '0000000000aa' : '0000000000bb');
		if (node.credentials?.[OUTREACH_CREDENTIAL_TYPE]) {
			const id = node.name === 'Call a Customer' ? credentialId : 'approvalPlain';
			node.credentials[OUTREACH_CREDENTIAL_TYPE] = { id, name: id };
		}
		if (node.name === 'OpenAI Chat Model')
			node.credentials = { openAiApi: { id: 'approvalModel', name: 'Stand-in model' } };
		if (reviewOptions && node.type.endsWith('chatHitlTool'))
			node.parameters.options = reviewOptions;
	}
	return { ...workflow, id, name: `${workflow.name} (${id})`, active: false };
}

const workflows = {
	// As written: a 10-minute limit on the review.
	example: variant('approvalExample', 1, { credentialId: 'approvalPlain' }),
	// The smallest limit worth writing; n8n's wait tracker looks for due executions every 60 s.
	timeout: variant('approvalTimeout', 2, {
		credentialId: 'approvalPlain',
		reviewOptions: {
			limitWaitTime: {
				values: { limitType: 'afterTimeInterval', resumeAmount: 0.1, resumeUnit: 'minutes' },
			},
		},
	}),
	ukOnly: variant('approvalUkOnly', 3, { credentialId: 'approvalUkOnly' }),
	capOne: variant('approvalCapOne', 4, { credentialId: 'approvalCapOne' }),
};
/**
 * A Wait node between calls through the credential with Max Calls per Execution 1: the webhook's
 * answer is the Wait's resume URL; resuming answers with the last call's output.
 */
const WAIT_PATH = 'approval-wait';
function waitWorkflow() {
	const call = (name, x, phone) => ({
		id: `e2e00006-0000-4000-8000-0000000000${x}`,
		name,
		type: 'n8n-nodes-outreach.outreach',
		typeVersion: 1,
		position: [x * 10, 0],
		onError: 'continueRegularOutput',
		parameters: {
			resource: 'call',
			operation: 'make',
			agentId: 'wait-agent',
			phoneNumber: `={{ $('Leads').first().json.body.${phone} }}`,
			options: { skipLeadsCalledWithin: 0 },
		},
		credentials: { [OUTREACH_CREDENTIAL_TYPE]: { id: 'approvalCapOne', name: 'approvalCapOne' } },
	});
	const nodes = [
		{
			id: 'e2e00006-0000-4000-8000-000000000010',
			name: 'Leads',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: 'e2e00006-0000-4000-8000-0000000000aa',
			position: [100, 0],
			parameters: {
				httpMethod: 'POST',
				path: WAIT_PATH,
				responseMode: 'responseNode',
				options: {},
			},
		},
		call('Call First', 20, 'first'),
		{
			id: 'e2e00006-0000-4000-8000-000000000030',
			name: 'Answer Resume URL',
			type: 'n8n-nodes-base.respondToWebhook',
			typeVersion: 1.1,
			position: [300, 0],
			parameters: {
				respondWith: 'json',
				responseBody: '={{ JSON.stringify({ resumeUrl: $execution.resumeUrl }) }}',
				options: {},
			},
		},
		{
			id: 'e2e00006-0000-4000-8000-000000000040',
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			webhookId: 'e2e00006-0000-4000-8000-0000000000bb',
			position: [400, 0],
			parameters: { resume: 'webhook', httpMethod: 'POST', responseMode: 'lastNode', options: {} },
		},
		call('Call First Again', 50, 'first'),
		call('Call Second', 60, 'second'),
	];
	const names = nodes.map((node) => node.name);
	const connections = Object.fromEntries(
		names
			.slice(0, -1)
			.map((name, index) => [
				name,
				{ main: [[{ node: names[index + 1], type: 'main', index: 0 }]] },
			]),
	);
	return { id: 'approvalWait', name: 'Calls around a Wait', active: false, nodes, connections };
}

// The example as a user has it right after importing it (a draft: n8n 2.x covers a published
// workflow's canvas with its Production Checklist), for the picture.
const picture = {
	...variant('approvalPicture', 5, { credentialId: 'approvalPlain' }),
	name: JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'examples', EXAMPLE), 'utf8')).name,
};
const chatWebhookId = (workflow) =>
	workflow.nodes.find((node) => node.type.endsWith('chatTrigger')).webhookId;

before(
	async () => {
		if (skip) return;
		installation = await ensureN8n();
		WebSocket = createRequire(path.join(installation.dir, 'node_modules', 'x.js'))('ws');
		home = path.join(LOCAL_DIR, `approval-home-${installation.version}`);
		rmSync(home, { recursive: true, force: true });
		mkdirSync(path.join(home, 'import'), { recursive: true });
		[sandbox, model] = await Promise.all([startSandbox(0, { seedCustomers: 3 }), startModel()]);
		installPackage(home);
		const outreach = (id, extra = {}) => ({
			id,
			name: id,
			type: OUTREACH_CREDENTIAL_TYPE,
			data: { baseUrl: sandbox.url, accessToken: sandbox.token, ...extra },
		});
		const credentialsFile = path.join(home, 'import', 'credentials.json');
		writeFileSync(
			credentialsFile,
			JSON.stringify([
				outreach('approvalPlain'),
				outreach('approvalUkOnly', { allowedDestinations: '+44' }),
				outreach('approvalCapOne', { maxCallsPerExecution: '1' }),
				{
					id: 'approvalModel',
					name: 'Stand-in model',
					type: 'openAiApi',
					data: { apiKey: 'sk-stand-in', url: model.url, header: false },
				},
			]),
		);
		const port = await freePort();
		await n8nCli(installation, home, ['import:credentials', `--input=${credentialsFile}`], port);
		const workflowDir = path.join(home, 'import', 'workflows');
		mkdirSync(workflowDir);
		for (const workflow of [...Object.values(workflows), picture, waitWorkflow()])
			writeFileSync(path.join(workflowDir, `${workflow.id}.json`), JSON.stringify(workflow));
		await n8nCli(
			installation,
			home,
			['import:workflow', '--separate', `--input=${workflowDir}`],
			port,
		);
		for (const { id } of [...Object.values(workflows), { id: 'approvalWait' }])
			await n8nCli(installation, home, ['publish:workflow', `--id=${id}`], port);
		n8n = await startN8n(installation, home, port, { anotherPortIfTaken: true });
		// n8n registers the published workflows' webhooks one by one after it answers: each chat page
		// (a GET of the public chat's URL) answers once its workflow's is.
		for (const workflow of Object.values(workflows))
			await until(
				async () =>
					(await fetch(`${n8n.url}/webhook/${chatWebhookId(workflow)}/chat`)).status === 200,
				`the chat of ${workflow.id} is registered`,
				180_000,
				500,
			);
		console.log(`# n8n ready with the four chats: ${Math.round((Date.now() - started) / 1000)} s`);
	},
	{ timeout: 10 * 60_000 },
);

after(async () => {
	await n8n?.stop();
	await sandbox?.stop();
	await model?.stop();
	if (!skip) console.log(`# approval checks: ${Math.round((Date.now() - started) / 1000)} s`);
});

/** The calls the sandbox received for `phone`. */
const callsTo = (phone) =>
	sandbox.requests.filter(
		(request) =>
			`${request.method} ${request.rawPath}`.startsWith(MAKE_CALL_ROUTE) &&
			request.body?.phone_number === phone,
	);

/**
 * One chat message to a workflow's public chat, as n8n's chat page sends it, and its socket: what the
 * execution says back (reviews with their buttons, the agent's answer) as it comes.
 */
async function chat(workflow, text) {
	const sessionId = `approval-${workflow.id}-${Date.now()}`;
	const response = await fetch(`${n8n.url}/webhook/${chatWebhookId(workflow)}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput: text }),
	});
	assert.equal(response.status, 200, `the chat webhook answers: ${await response.clone().text()}`);
	const { executionId, resumeToken } = await response.json();
	assert.ok(executionId, 'the chat message started an execution');
	const socket = new WebSocket(
		`${n8n.url.replace('http', 'ws')}/chat?sessionId=${sessionId}&executionId=${executionId}&isPublic=true&token=${resumeToken}`,
	);
	const reviews = [];
	const texts = [];
	socket.on('message', (data) => {
		const message = data.toString();
		if (message === 'n8n|heartbeat') return socket.send('n8n|heartbeat-ack');
		if (message.startsWith('n8n|')) return;
		try {
			const parsed = JSON.parse(message);
			if (parsed.type === 'with-buttons') return reviews.push(parsed);
		} catch {
			// The agent's answer is plain text.
		}
		texts.push(message);
	});
	await new Promise((resolve, reject) => {
		socket.once('open', resolve);
		socket.once('error', reject);
	});
	return {
		executionId,
		reviews,
		texts,
		/** The `count`th review (1-based), once it has come. */
		async review(count = 1) {
			await until(
				() => reviews.length >= count,
				() => `review ${count} of ${workflow.id}; so far ${JSON.stringify({ reviews, texts })}`,
				60_000,
			);
			return reviews[count - 1];
		},
		/** The agent's answer, once it has come. */
		async answer(timeoutMs = 60_000) {
			await until(() => texts.length > 0, `the agent's answer in ${workflow.id}`, timeoutMs);
			return texts.join('\n');
		},
		close: () => socket.close(),
	};
}

/** Presses a review button as a person does: their browser opens its link. */
async function press(review, label) {
	const link = review.buttons.find((button) => button.text === label).link;
	const response = await fetch(link, { headers: { 'user-agent': BROWSER_UA } });
	assert.equal(response.status, 200, `${label}: ${link}`);
	await response.text();
}

// The time-limit case waits for n8n's wait tracker (up to a minute): it starts first, and is checked
// last, while the other cases run.
let unanswered;
const UNANSWERED = '+14155550160';

test('an unanswered review is started: it shows what the agent chose', { skip }, async () => {
	unanswered = await chat(workflows.timeout, `Please call Ada on ${UNANSWERED} about her order.`);
	const review = await unanswered.review();
	assert.match(review.text, new RegExp(`"phone_number":"\\${UNANSWERED}"`));
	assert.deepEqual(callsTo(UNANSWERED), [], 'no call while the review waits');
});

test(
	'approved: exactly one call reaches the sandbox, with the number the agent chose',
	{ skip },
	async () => {
		const phone = '+14155550161';
		const conversation = await chat(workflows.example, `Please call Ada on ${phone}.`);
		try {
			const review = await conversation.review();
			assert.match(review.text, /^The agent wants to run Call_a_Customer with:\n\{/);
			assert.deepEqual(JSON.parse(review.text.split('\n')[1]), {
				phone_number: phone,
				customer_name: 'Ada Lovelace',
				call_purpose: 'Follow up on her order',
			});
			assert.deepEqual(
				review.buttons.map((button) => button.text),
				['Approve', 'Decline'],
			);
			// A bot opening the link (a link preview, say) approves nothing.
			const link = review.buttons[0].link;
			assert.match(link, new RegExp(`/webhook-waiting/${conversation.executionId}/`));
			await (await fetch(link, { headers: { 'user-agent': 'curl/8.5.0' } })).text();
			assert.deepEqual(callsTo(phone), [], 'no call before a person approves');
			await press(review, 'Approve');
			const answer = await conversation.answer();
			assert.match(answer, /TOOL SAID: .*"status":"queued"/);
			assert.equal(callsTo(phone).length, 1);
			assert.match(callsTo(phone)[0].rawPath, /\/your-agent-id\/makeCall$/);
			assert.deepEqual(conversation.reviews.length, 1);
		} finally {
			conversation.close();
		}
	},
);

test('declined: no call, and the agent is told the call was not approved', { skip }, async () => {
	const phone = '+14155550162';
	const conversation = await chat(workflows.example, `Please call Ada on ${phone}.`);
	try {
		await press(await conversation.review(), 'Decline');
		const answer = await conversation.answer();
		assert.match(answer, /User rejected the tool call to Call a Customer/);
		assert.deepEqual(callsTo(phone), []);
	} finally {
		conversation.close();
	}
});

test(
	'approved, but outside Allowed Destinations (+44 only): the guardrail still blocks the call',
	{ skip },
	async () => {
		const phone = '+14155550163';
		const conversation = await chat(workflows.ukOnly, `Please call Ada on ${phone}.`);
		try {
			await press(await conversation.review(), 'Approve');
			const answer = await conversation.answer();
			assert.match(answer, /not an allowed destination: .* only numbers starting with \+44/);
			assert.deepEqual(callsTo(phone), []);
		} finally {
			conversation.close();
		}
	},
);

/**
 * One chat message to the workflow whose call tool's credential has Max Calls per Execution 1, asking
 * for a call to each of `phones` in turn; each review answered with the next of `answers`. Returns the
 * agent's answer, one line per tool answer, and the execution.
 */
async function capOneConversation(phones, answers) {
	const conversation = await chat(
		workflows.capOne,
		`Please call Ada on ${phones.join(', else on ')}.`,
	);
	try {
		// n8n's chat socket brought the first review only. A later review by the same node in the same
		// execution has the same signed links (they sign the execution and the node): pressed once the
		// model asked for that call and the execution waits again.
		const first = await conversation.review(1);
		const rest = restOn(n8n.url);
		for (const [index, phone] of phones.entries()) {
			await until(
				async () =>
					model.calledWith.includes(phone) &&
					(await rest('GET', `/executions/${conversation.executionId}`)).status === 'waiting',
				`the execution waits on the review of ${phone}`,
				60_000,
				500,
			);
			await press(first, answers[index]);
		}
		const lines = (await conversation.answer()).split('\n');
		assert.equal(lines.length, phones.length, lines.join('\n'));
		// Every review belongs to the one execution the chat message started.
		assert.match(
			first.buttons[0].link,
			new RegExp(`/webhook-waiting/${conversation.executionId}/`),
		);
		return { lines, executionId: conversation.executionId };
	} finally {
		conversation.close();
	}
}

test(
	'Max Calls per Execution 1: in one chat message (one execution), a declined call does not count',
	{ skip },
	async () => {
		const [declined, approved] = ['+14155550164', '+14155550165'];
		const { lines } = await capOneConversation([declined, approved], ['Decline', 'Approve']);
		assert.match(lines[0], /User rejected the tool call/);
		assert.match(lines[1], /"status":"queued"/);
		assert.deepEqual(callsTo(declined), []);
		assert.equal(callsTo(approved).length, 1);
	},
);

test(
	'Max Calls per Execution 1: a second approved call in the same execution is blocked',
	{ skip },
	async () => {
		const [approved, overCap] = ['+14155550168', '+14155550169'];
		const { lines } = await capOneConversation([approved, overCap], ['Approve', 'Approve']);
		assert.match(lines[0], /"status":"queued"/);
		assert.equal(callsTo(approved).length, 1);
		assert.deepEqual(callsTo(overCap), [], 'the second approved call is not placed');
		assert.match(lines[1], /Max Calls per Execution/);
	},
);

test(
	'Max Calls per Execution 1 and no identical call twice hold across a Wait node that saved the execution',
	{ skip },
	async () => {
		const [first, second] = ['+14155550171', '+14155550172'];
		let answer;
		await until(async () => {
			answer = await fetch(`${n8n.url}/webhook/${WAIT_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ first, second }),
			});
			return answer.status !== 404;
		}, 'n8n registers the Wait workflow’s webhook');
		const { resumeUrl } = await answer.json();
		const executionId = resumeUrl.match(/\/webhook-waiting\/(\w+)/)?.[1];
		assert.ok(executionId, resumeUrl);
		const rest = restOn(n8n.url);
		await until(
			async () => (await rest('GET', `/executions/${executionId}`)).status === 'waiting',
			'the execution waits, saved',
			60_000,
			500,
		);
		const resumed = await fetch(resumeUrl, { method: 'POST' });
		const output = await resumed.json();
		assert.equal(resumed.status, 200, JSON.stringify(output));
		assert.equal(callsTo(first).length, 1, 'the identical call after the Wait is not placed');
		assert.deepEqual(callsTo(second), [], 'the call past the cap after the Wait is not placed');
		assert.match(JSON.stringify(output), /Max Calls per Execution/);
	},
);

test(
	'the review step on the canvas, pictured: the call tool connects to the agent through it',
	{ skip: skip || hasBrowser, timeout: 120_000 },
	async () => {
		const editor = await openEditor(n8n.url);
		try {
			const { page } = editor;
			await page.goto(`${n8n.url}/workflow/${picture.id}`);
			const review = page.locator('[data-test-id="canvas-node"][data-node-name="Review the Call"]');
			await review.waitFor({ timeout: 60_000 });
			await page
				.locator('[data-test-id="canvas-node"][data-node-name="Call a Customer"]')
				.waitFor();
			// Fit the workflow to the view, as the editor's zoom-to-fit button does.
			await page.keyboard.press('1');
			// Until the nodes' icons are drawn: the page has loaded everything, the Outreach icons too.
			await page.waitForLoadState('networkidle');
			await page.waitForFunction(() => {
				const { document } = globalThis;
				const images = [...document.querySelectorAll('[data-test-id="canvas-node"] img')];
				const outreach = document.querySelector(
					'[data-test-id="canvas-node"][data-node-name="Call a Customer"] img',
				);
				return (
					document.fonts.status === 'loaded' &&
					outreach &&
					images.every((image) => image.complete && image.naturalWidth > 0)
				);
			});
			// The README shows the default release's picture; other releases' stay in .n8n-local/.
			const dir = process.env.OUTREACH_N8N_VERSION
				? path.join(LOCAL_DIR, `screenshots-${installation.version}`)
				: path.join(PACKAGE_ROOT, 'docs', 'screenshots');
			mkdirSync(dir, { recursive: true });
			const file = path.join(dir, 'approval-review.png');
			rmSync(file, { force: true });
			await page.screenshot({ path: file });
			assert.ok(existsSync(file));
		} finally {
			await editor.close();
		}
	},
);

test(
	'unanswered within the review’s Limit Wait Time: no call, and the agent goes on without it',
	{ skip, timeout: 150_000 },
	async () => {
		try {
			// n8n resumes the execution at its next look for due waits (every 60 s) after the limit.
			const answer = await unanswered.answer(130_000);
			assert.doesNotMatch(answer, /"status":"queued"/);
			assert.deepEqual(callsTo(UNANSWERED), []);
		} finally {
			unanswered?.close();
		}
	},
);

import { readdirSync } from 'node:fs';
import path from 'node:path';

import { OUTREACH_TOOL_TYPE, runAsAgentTool } from '../../support/engine/agent';
import { PACKAGE_ROOT } from '../../support/engine/engine';
import { readExample, runExample } from '../../support/engine/examples';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox({ seedCustomers: 30 });

describe('example workflows (examples/)', () => {
	it('CRM lead → call: one accepted call per pinned lead', async () => {
		const { error, output } = await runExample(readExample('crm-lead-to-call.json'), credentials());
		expect(error).toBeUndefined();
		expect(
			sandbox.requests.map((request) => [request.method, request.rawPath, request.status]),
		).toEqual([
			['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200],
			['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200],
		]);
		expect(sandbox.requests[0].body).toEqual({
			agent_id: 'your-agent-id',
			phone_number: '+14155550101',
			customer_name: 'Ada Lovelace',
			call_purpose: 'Welcome Ada Lovelace and book a demo of Analytical Engine',
		});
		expect(output('Call the Lead')).toHaveLength(2);
	});

	it('weekly campaign: lists every customer, then creates one campaign with all of them', async () => {
		const { error, output } = await runExample(readExample('weekly-campaign.json'), credentials());
		expect(error).toBeUndefined();
		expect(
			sandbox.requests.map((request) => [request.method, request.rawPath, request.status]),
		).toEqual([
			['GET', '/v2/_customers', 200],
			['POST', '/v2/campaign/create_with_touchpoint', 200],
		]);
		const campaign = sandbox.requests[1].body as {
			name: string;
			touchpoint: {
				customer_details: Array<{ id: string; to_number: string }>;
				additional_settings: object;
			};
		};
		expect(campaign.name).toMatch(/^Weekly outreach \d{4}-\d{2}-\d{2}$/);
		expect(campaign.touchpoint.customer_details).toHaveLength(30);
		expect(campaign.touchpoint.customer_details[0]).toEqual({
			id: 'cus_00001',
			to_number: '+15550000001',
		});
		expect(campaign.touchpoint.additional_settings).toMatchObject({
			execution_days: ['monday'],
			start_hour: 9,
			end_hour: 17,
		});
		expect(output('Create Weekly Campaign')).toHaveLength(1);
	});

	it('documents → knowledge base: uploads every file of the form submission', async () => {
		// What `npm run dev` seeds too, so that the example works there out of the box.
		sandbox.store.seedExampleData();
		const { error, output } = await runExample(
			readExample('documents-to-knowledge-base.json'),
			credentials(),
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'PUT',
			rawPath: '/v2/_knowledgebase/kb_support',
			status: 200,
		});
		expect(
			sandbox.requests[0].files.map((file) => [file.fileName, file.content.toString('utf8')]),
		).toEqual([
			['hours.txt', 'Opening hours: 9:00 to 17:00, Monday to Friday.\n'],
			['refunds.txt', 'Refunds are accepted within 30 days of purchase.\n'],
		]);
		expect(output('Upload the Documents')[0].json).toEqual({
			id: 'kb_support',
			name: 'Support',
			document_count: 2,
		});
	});

	it('try it: a manual run lists ten customers', async () => {
		const { error, output } = await runExample(
			readExample('try-it-list-customers.json'),
			credentials(),
		);
		expect(error).toBeUndefined();
		expect(
			sandbox.requests.map((request) => [request.method, request.rawPath, request.query]),
		).toEqual([['GET', '/v2/_customers', { page: 1, per_page: 10 }]]);
		expect(output('List Customers')).toHaveLength(10);
	});

	it('AI agent: its tools are the Outreach node as the README says, and work as an agent calls them', async () => {
		const example = readExample('ai-agent-calls-customers.json');
		const agent = example.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.agent');
		const model = example.nodes.find((node) => node.name === 'OpenAI Chat Model');
		expect(agent).toBeDefined();
		expect(example.connections[model!.name].ai_languageModel).toEqual([
			[{ node: agent!.name, type: 'ai_languageModel', index: 0 }],
		]);
		const tools = example.nodes.filter((node) => node.type === OUTREACH_TOOL_TYPE);
		expect(
			tools.map((tool) => [tool.name, tool.parameters.resource, tool.parameters.operation]),
		).toEqual([
			['Find Customers', 'customer', 'getAll'],
			['Call a Customer', 'call', 'make'],
		]);
		for (const tool of tools) {
			expect(tool.credentials?.outreachApi).toBeDefined();
			expect(example.connections[tool.name].ai_tool).toEqual([
				[{ node: agent!.name, type: 'ai_tool', index: 0 }],
			]);
		}
		const [find, call] = tools;
		// The workflow builder fixes which AI agent calls; the model chooses whom, from what it found.
		expect(call.parameters.agentId).toBe('your-agent-id');
		expect(call.parameters.phoneNumber).toMatch(/^=\{\{ \$fromAI\('phone_number', /);

		// Each tool through n8n's own tool wrapper, as the agent invokes it, against the sandbox.
		const found = await runAsAgentTool(find.parameters, [{}], credentials());
		const customers = JSON.parse(String(found.answers[0].answer)) as Array<{
			name: string;
			phone_number: string;
		}>;
		expect(customers).toHaveLength(30);
		const args = {
			phone_number: customers[0].phone_number,
			customer_name: customers[0].name,
			call_purpose: 'Book a demo',
		};
		sandbox.clearRequests();
		const called = await runAsAgentTool(call.parameters, [args, args], credentials());
		expect(
			sandbox.requests.map((request) => [request.method, request.rawPath, request.status]),
		).toEqual([['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200]]);
		expect(sandbox.requests[0].body).toMatchObject({
			phone_number: customers[0].phone_number,
			customer_name: customers[0].name,
		});
		// The model asked twice: the second answer says the call was not placed again.
		expect(JSON.parse(String(called.answers[1].answer))[0]).toMatchObject({ repeated: true });
	});

	it('AI agent with approval: the call tool sits behind n8n’s review step, the customer search does not', async () => {
		const example = readExample('ai-agent-calls-with-approval.json');
		const agent = example.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.agent');
		const review = example.nodes.find(
			(node) => node.type === '@n8n/n8n-nodes-langchain.chatHitlTool',
		);
		expect(agent).toBeDefined();
		expect(review).toBeDefined();
		const tools = example.nodes.filter((node) => node.type === OUTREACH_TOOL_TYPE);
		expect(
			tools.map((tool) => [tool.name, tool.parameters.resource, tool.parameters.operation]),
		).toEqual([
			['Find Customers', 'customer', 'getAll'],
			['Call a Customer', 'call', 'make'],
		]);
		const [find, call] = tools;
		// Reading customers goes to the agent straight; the call goes through the review first.
		expect(example.connections[find.name].ai_tool).toEqual([
			[{ node: agent!.name, type: 'ai_tool', index: 0 }],
		]);
		expect(example.connections[call.name].ai_tool).toEqual([
			[{ node: review!.name, type: 'ai_tool', index: 0 }],
		]);
		expect(example.connections[review!.name].ai_tool).toEqual([
			[{ node: agent!.name, type: 'ai_tool', index: 0 }],
		]);
		// The reviewer sees what the agent chose, and an unanswered review ends after a while.
		expect(review!.parameters.message).toContain('JSON.stringify($tool.parameters)');
		expect(review!.parameters.options).toEqual({
			limitWaitTime: {
				values: { limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' },
			},
		});
		expect(call.parameters.agentId).toBe('your-agent-id');
		expect(call.credentials?.outreachApi).toBeDefined();

		// Once approved, n8n runs the tool as an agent calls it: one call.
		const args = {
			phone_number: '+14155550101',
			customer_name: 'Ada Lovelace',
			call_purpose: 'Book a demo',
		};
		await runAsAgentTool(call.parameters, [args], credentials());
		expect(
			sandbox.requests.map((request) => [request.method, request.rawPath, request.status]),
		).toEqual([['POST', '/v2/_voicecalls/your-agent-id/makeCall', 200]]);
	});

	it('calls within Calling Hours: who is inside is called; who is not goes to the Wait node with when to call', async () => {
		const example = readExample('call-within-calling-hours.json');
		const wait = example.nodes.find((node) => node.type === 'n8n-nodes-base.wait');
		expect(wait?.parameters).toEqual({
			resume: 'specificTime',
			dateTime: '={{ $json.error.nextCallAllowedAt }}',
		});
		// The error output goes to the Wait node, and the Wait node back to the call.
		expect(example.connections['Call Within Hours'].main[1]).toEqual([
			{ node: wait!.name, type: 'main', index: 0 },
		]);
		expect(example.connections[wait!.name].main[0]).toEqual([
			{ node: 'Call Within Hours', type: 'main', index: 0 },
		]);

		// Wednesday 11:30 in New York, 08:30 in Los Angeles: Ada waits, Grace is called.
		jest.useFakeTimers({
			now: new Date('2026-11-25T16:30:00Z'),
			advanceTimers: true,
			doNotFake: ['nextTick', 'setImmediate', 'setInterval', 'setTimeout', 'queueMicrotask'],
		});
		try {
			// The Wait node waits for real: the run here ends at it.
			const withoutWait = {
				...example,
				nodes: example.nodes.filter((node) => node !== wait),
				connections: { Leads: example.connections.Leads },
			};
			const { error, run } = await runExample(withoutWait, {
				...credentials(),
				callingHours: 'Mon-Fri 09:00-20:00',
			});
			expect(error).toBeUndefined();
			expect(
				sandbox.requests.map((request) => (request.body as { phone_number: string }).phone_number),
			).toEqual(['+12125550102']);
			const [called, waiting] = run!.data.resultData.runData['Call Within Hours'][0].data!.main;
			expect(called).toHaveLength(1);
			expect(waiting?.map((item) => item.json)).toEqual([
				{
					name: 'Ada Lovelace',
					phone: '+14155550101',
					timeZone: 'America/Los_Angeles',
					error: {
						message: expect.stringContaining('the recipient’s time zone America/Los_Angeles'),
						nextCallAllowedAt: '2026-11-25T09:00:00-08:00',
					},
				},
			]);
		} finally {
			jest.useRealTimers();
		}
	});

	it('every example in examples/ is tested here', () => {
		const tested = [
			'ai-agent-calls-customers.json',
			'ai-agent-calls-with-approval.json',
			'call-within-calling-hours.json',
			'crm-lead-to-call.json',
			'weekly-campaign.json',
			'documents-to-knowledge-base.json',
			'try-it-list-customers.json',
		];
		expect(readdirSync(path.join(PACKAGE_ROOT, 'examples')).sort()).toEqual([...tested].sort());
	});

	it('every example says it is inactive: n8n 1.88\'s import:workflow refuses a workflow without "active"', () => {
		for (const file of readdirSync(path.join(PACKAGE_ROOT, 'examples')))
			expect([file, readExample(file).active]).toEqual([file, false]);
	});
});

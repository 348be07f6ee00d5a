import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

const makeCall = (overrides: Record<string, unknown> = {}) => ({
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: '={{ $json.phone }}',
	callFields: { customerName: '={{ $json.name }}', callPurpose: 'Confirm the appointment' },
	...overrides,
});

const leads = [
	{ json: { name: 'Ada', phone: '+14155550101' } },
	{ json: { name: 'Grace', phone: '+442071838750' } },
	{ json: { name: 'Linus', phone: '+358401234567' } },
];

describe('Call → Make', () => {
	it('makes one accepted request per item with path, bearer token and body, and outputs one item each', async () => {
		const { items, error } = await runOutreach(makeCall(), {
			items: leads,
			credentials: credentials(),
		});

		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(3);
		sandbox.requests.forEach((request, index) => {
			expect(request.method).toBe('POST');
			expect(request.rawPath).toBe('/v2/_voicecalls/agent-7/makeCall');
			expect(request.status).toBe(200);
			expect(request.headers.authorization).toBe(`Bearer ${sandbox.token}`);
			expect(request.body).toEqual({
				agent_id: 'agent-7',
				phone_number: leads[index].json.phone,
				customer_name: leads[index].json.name,
				call_purpose: 'Confirm the appointment',
			});
		});
		expect(items).toHaveLength(3);
		items.forEach((item, index) => {
			expect(item.json).toEqual({
				call_id: expect.stringMatching(/^call_/),
				status: 'queued',
				agent_id: 'agent-7',
			});
			expect(item.pairedItem).toEqual({ item: index });
		});
		expect(new Set(items.map((item) => item.json.call_id)).size).toBe(3);
	});

	it('keeps the whole response envelope when asked', async () => {
		const { items } = await runOutreach(makeCall({ options: { includeResponseEnvelope: true } }), {
			items: leads.slice(0, 1),
			credentials: credentials(),
		});
		expect(items[0].json).toEqual({
			ctx_id: expect.any(String),
			message: expect.any(String),
			data: expect.objectContaining({ agent_id: 'agent-7' }),
		});
	});

	it('rejects a phone number that is not E.164 before sending anything, naming the field', async () => {
		const { error, items } = await runOutreach(makeCall({ phoneNumber: '0415 555 0101' }), {
			credentials: credentials(),
		});
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(
			/^Phone Number: "0415 555 0101" is not a phone number in E\.164 format/,
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('with Continue On Fail, sends the valid items and pairs the error with its item', async () => {
		const input = [leads[0], { json: { name: 'Bad', phone: '555-0101' } }, leads[2]];
		const { error, items } = await runOutreach(makeCall(), {
			items: input,
			credentials: credentials(),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.body)).toEqual([
			expect.objectContaining({ phone_number: '+14155550101' }),
			expect.objectContaining({ phone_number: '+358401234567' }),
		]);
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.call_id).toEqual(expect.any(String));
		expect(items[1].json.call_id).toBeUndefined();
		expect(String(items[1].json.error ?? items[1].error?.message)).toMatch(/Phone Number/);
		expect(items[2].json.call_id).toEqual(expect.any(String));
	});

	it('sends an agent ID of "../_customers" as one encoded path segment', async () => {
		const { error, items } = await runOutreach(makeCall({ agentId: '../_customers' }), {
			items: leads.slice(0, 1),
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].rawPath).toBe('/v2/_voicecalls/..%2F_customers/makeCall');
		expect(sandbox.requests[0].body).toMatchObject({ agent_id: '../_customers' });
		expect(items[0].json.agent_id).toBe('../_customers');
	});

	it('does not start with the required Agent ID left empty, as n8n does, naming the field', async () => {
		const { error, issues } = await runOutreach(makeCall({ agentId: '' }), {
			credentials: credentials(),
		});
		expect(error?.name).toBe('WorkflowHasIssuesError');
		expect(issues?.Outreach?.parameters?.agentId).toEqual(['Parameter "Agent ID" is required.']);
		expect(sandbox.requests).toHaveLength(0);
	});

	it.each(['={{ "" }}', '   ', '..'])(
		'rejects the agent ID %j before sending anything',
		async (agentId) => {
			const { error } = await runOutreach(makeCall({ agentId }), {
				items: leads.slice(0, 1),
				credentials: credentials(),
			});
			expect(error?.message).toMatch(/^Agent ID: /);
			expect(sandbox.requests).toHaveLength(0);
		},
	);
});

describe('Call → Make with an Agent ID that carries invisible spaces', () => {
	it('sends the trimmed ID in the path and the body, so the service accepts the call', async () => {
		const { error, items } = await runOutreach(makeCall({ agentId: 'agent-7 ' }), {
			items: leads.slice(0, 1),
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(sandbox.requests[0]).toMatchObject({
			rawPath: '/v2/_voicecalls/agent-7/makeCall',
			status: 200,
		});
		expect(sandbox.requests[0].body).toMatchObject({ agent_id: 'agent-7' });
		expect(items[0].json.agent_id).toBe('agent-7');
	});
});

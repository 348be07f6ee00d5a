// The ID that is checked is the ID that is sent, as exactly one path segment.
import { runOutreach } from '../../support/engine/engine';
import { loadOptions, searchList } from '../../support/engine/methods';
import { json, listPage } from '../../support/hostile/server';
import { useHostile } from './useHostile';

const { service, credentials } = useHostile();

beforeEach(() => {
	service.respondWith((_request, response) =>
		json(response, 200, { ctx_id: 'c', data: { id: 'x', deleted: true }, message: 'ok' }),
	);
});

describe('an ID that would change the path is rejected before anything is sent', () => {
	it.each([' .. ', '\t.', '..\n', ' . '])('Customer ID %j', async (customerId) => {
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'delete', customerId },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe(`Customer ID: "${customerId.trim()}" is not a valid ID`);
		expect(service.requests).toHaveLength(0);
	});

	it.each([
		['an object', '={{ { id: "cmp_1" } }}', 'must be text or a number, not an object'],
		['a list', '={{ ["a", "b"] }}', 'must be text or a number, not a list'],
		['true or false', '={{ true }}', 'must be text or a number, not true or false'],
	])('a Campaign ID that evaluates to %s', async (_case, campaignId, problem) => {
		const { error } = await runOutreach(
			{ resource: 'campaign', operation: 'get', campaignId },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe(`Campaign ID: ${problem}`);
		expect(service.requests).toHaveLength(0);
	});

	it('an ID with a control character inside is rejected', async () => {
		const { error } = await runOutreach(
			{ resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: 'kb\u0000_1' },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe(
			'Knowledge Base ID: contains a control character or an unpaired surrogate',
		);
		expect(service.requests).toHaveLength(0);
	});
});

describe('an accepted ID is trimmed once and that value is sent everywhere', () => {
	it('Customer → Delete sends the trimmed, encoded ID as one segment', async () => {
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'delete', customerId: '  a/../b  ' },
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(service.requests.map((request) => [request.method, request.rawPath])).toEqual([
			['DELETE', '/v2/_customers/a%2F..%2Fb'],
		]);
	});

	it('Call → Make sends the same trimmed Agent ID in the path and in the body', async () => {
		service.respondWith((_request, response) =>
			json(response, 200, {
				ctx_id: 'c',
				data: { call_id: 'call_1', status: 'queued', agent_id: 'agent 7' },
				message: 'ok',
			}),
		);
		const { error } = await runOutreach(
			{ resource: 'call', operation: 'make', agentId: ' agent 7 ', phoneNumber: '+14155550101' },
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(service.requests[0].rawPath).toBe('/v2/_voicecalls/agent%207/makeCall');
		expect(JSON.parse(service.requests[0].body.toString()).agent_id).toBe('agent 7');
	});
});

describe('IDs that come back from the service through a picker are checked too', () => {
	const hostileRecords = [
		{ id: '..', name: 'Dot dot' },
		{ id: { nested: true }, name: 'An object' },
		{ id: ' ', name: 'Blank' },
		{ id: 'ok_1', name: 'Fine' },
	];

	it('the customer picker offers only the records whose ID can be sent', async () => {
		service.respondWith((_request, response) => json(response, 200, listPage(hostileRecords)));
		const found = await searchList('searchCustomers', {
			parameters: { resource: 'customer', operation: 'delete' },
			path: 'customerId',
			credentials: credentials(),
		});
		expect(found.results.map((result) => result.value)).toEqual(['ok_1']);
	});

	it('the actions multi-select offers only the actions whose ID can be sent', async () => {
		service.respondWith((_request, response) => json(response, 200, listPage(hostileRecords)));
		const options = await loadOptions('getActions', {
			parameters: { resource: 'assistant', operation: 'create' },
			path: 'assistantFields.actions',
			credentials: credentials(),
		});
		expect(options.map((option) => option.value)).toEqual(['ok_1']);
	});
});

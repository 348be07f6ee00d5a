// An answer that is not the service's shape is an error that names the operation
// and shows the start of the body, never an item, never nothing, never a TypeError.
import { testCredential } from '../../support/engine/credential-test';
import { runOutreach } from '../../support/engine/engine';
import { searchList } from '../../support/engine/methods';
import { json, listPage, text } from '../../support/hostile/server';
import { HOSTILE_TOKEN, useHostile } from './useHostile';

const { service, credentials } = useHostile();

const makeCall = {
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: '+14155550101',
};
const getCampaign = { resource: 'campaign', operation: 'get', campaignId: 'cmp_1' };
const listCustomers = { resource: 'customer', operation: 'getAll', returnAll: true };

describe('an answer to one record that is not a record', () => {
	it('a 200 with a plain-text body', async () => {
		service.respondWith((_request, response) => text(response, 200, 'OK, call queued'));
		const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.name).toBe('NodeApiError');
		// Answered 200 but not as the service answers: the call may have been placed, and the error says so.
		expect(error?.message).toBe(
			"The call may have been placed: The service's answer to POST /v2/_voicecalls/agent-7/makeCall is not JSON",
		);
		expect(error?.description).toBe(
			'HTTP 200, text/plain. It begins: OK, call queued The call may have been placed: look for a call to this number in the service before running this item again.',
		);
	});

	it('a 200 whose JSON body is cut short', async () => {
		service.respondWith((_request, response) =>
			text(response, 200, '{"ctx_id": "c", "data": {"call_id": "ca', 'application/json'),
		);
		const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/answer to POST .* is not JSON$/);
		expect(error?.description).toContain('It begins: {"ctx_id": "c", "data": {"call_id": "ca');
	});

	it.each([
		['data: null', { ctx_id: 'c', data: null, message: 'ok' }, 'data is null'],
		['no data', { ctx_id: 'c', message: 'ok' }, 'data is missing'],
		['data as a list', { ctx_id: 'c', data: [1], message: 'ok' }, 'data is a list'],
		['a JSON list', [{ id: 'cmp_1' }], 'the body is a list'],
	])('a 200 with %s where a record is expected', async (_case, body, problem) => {
		service.respondWith((_request, response) => json(response, 200, body));
		const { error, items } = await runOutreach(getCampaign, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			`The service's answer to GET /v2/_campaigns/cmp_1 holds no record: ${problem}`,
		);
	});

	it('the body shown in an error never contains the access token', async () => {
		service.respondWith((request, response) =>
			text(response, 200, `echo: ${String(request.headers.authorization)}`),
		);
		const { error } = await runOutreach(makeCall, { credentials: credentials() });
		expect(error?.description).toContain('echo: Bearer ***');
		expect(JSON.stringify(error)).not.toContain(HOSTILE_TOKEN);
		expect(`${error?.message} ${error?.description}`).not.toContain(HOSTILE_TOKEN);
	});

	it('nor does it when the token was pasted with spaces around it', async () => {
		service.respondWith((request, response) =>
			text(response, 200, `echo: ${String(request.headers.authorization)}`),
		);
		const { error } = await runOutreach(makeCall, {
			credentials: { ...credentials(), accessToken: `  ${HOSTILE_TOKEN} \n` },
		});
		expect(error?.description).toContain('echo: Bearer ***');
		expect(JSON.stringify(error)).not.toContain(HOSTILE_TOKEN);
	});
});

describe('a list answer that is not a list', () => {
	it.each([
		['without data.data', { ctx_id: 'c', data: { items: [] } }, 'data.data is missing'],
		['with data.data null', { ctx_id: 'c', data: { data: null } }, 'data.data is null'],
		['with data null', { ctx_id: 'c', data: null }, 'data is null'],
		['with a null record', listPage([{ id: 'a' }, null]), 'record 2 of page 1 is null'],
		['with a number as record', listPage([7]), 'record 1 of page 1 is a number'],
		['with a text as record', listPage(['x']), 'record 1 of page 1 is text'],
	])('a 200 %s', async (_case, body, problem) => {
		service.respondWith((_request, response) => json(response, 200, body));
		const { error, items } = await runOutreach(listCustomers, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			`The service's answer to GET /v2/_customers (page 1) is not a list: ${problem}`,
		);
	});

	it('an HTML page with 200 in a picker', async () => {
		service.respondWith((_request, response) =>
			text(response, 200, '<!DOCTYPE html><html><body>Welcome</body></html>', 'text/html'),
		);
		await expect(
			searchList('searchCustomers', {
				parameters: { resource: 'customer', operation: 'delete' },
				path: 'customerId',
				credentials: credentials(),
			}),
		).rejects.toThrow("The service's answer to GET /v2/_customers (page 1) is not JSON");
	});
});

describe('the credential test', () => {
	it('fails against a server that answers 200 with an HTML page', async () => {
		service.respondWith((_request, response) =>
			text(response, 200, '<!DOCTYPE html><html><body>Login</body></html>', 'text/html'),
		);
		const result = await testCredential(credentials());
		expect(result.failure).toMatch(/not with the service's list of campaigns/);
	});

	it('passes against an answer of the service’s shape', async () => {
		service.respondWith((_request, response) => json(response, 200, listPage([])));
		const result = await testCredential(credentials());
		expect(result.error).toBeUndefined();
		expect(result.failure).toBeUndefined();
	});
});

// The access token never leaves the Base URL's origin, and a redirect never turns
// a call into a silent success elsewhere.
import { testCredential } from '../../support/engine/credential-test';
import { runOutreach } from '../../support/engine/engine';
import { pollOnce, searchList } from '../../support/engine/methods';
import { json, listPage, redirect } from '../../support/hostile/server';
import { requestsWithToken, useHostile } from './useHostile';

const { service, elsewhere, credentials } = useHostile();

const makeCall = {
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: '+14155550101',
};
const callAnswer = {
	ctx_id: 'c',
	data: { call_id: 'call_1', status: 'queued', agent_id: 'agent-7' },
	message: 'ok',
};

beforeEach(() => {
	elsewhere.respondWith((_request, response) => json(response, 200, callAnswer));
});

describe('a redirect to another origin is an error, and that origin never gets the token', () => {
	it.each([301, 302, 303, 307, 308])(
		'Call → Make answered %i: no call is reported, nothing reaches the other origin',
		async (status) => {
			service.respondWith((_request, response) =>
				redirect(response, status, `${elsewhere.url}/steal`),
			);
			const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
			expect(items).toHaveLength(0);
			expect(error?.name).toBe('NodeApiError');
			// A write answered with a redirect may have been carried out (303 often follows a success).
			expect(error?.message).toBe(
				`The call may have been placed: The service redirected POST /v2/_voicecalls/agent-7/makeCall to ${elsewhere.url}/steal, which this node does not follow`,
			);
			expect(elsewhere.requests).toHaveLength(0);
			expect(service.requests).toHaveLength(1);
		},
	);

	it('Customer → Delete answered 307 to another origin', async () => {
		service.respondWith((_request, response) => redirect(response, 307, `${elsewhere.url}/x`));
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'delete', customerId: 'cus_1' },
			{ credentials: credentials() },
		);
		expect(error?.message).toMatch(
			/^The customer may have been deleted: The service redirected DELETE \/v2\/_customers\/cus_1 to /,
		);
		expect(requestsWithToken(elsewhere)).toHaveLength(0);
		expect(elsewhere.requests).toHaveLength(0);
	});

	it('Customer → Get Many (a read) redirected to another origin', async () => {
		service.respondWith((_request, response) =>
			redirect(response, 302, `${elsewhere.url}/v2/_customers`),
		);
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: true },
			{ credentials: credentials() },
		);
		expect(error?.message).toMatch(/^The service redirected GET \/v2\/_customers/);
		expect(elsewhere.requests).toHaveLength(0);
	});

	it('a picker, the trigger and the credential test do not follow it either', async () => {
		service.respondWith((_request, response) =>
			redirect(response, 302, `${elsewhere.url}/v2/_customers`),
		);
		await expect(
			searchList('searchCustomers', {
				parameters: { resource: 'customer', operation: 'delete' },
				path: 'customerId',
				credentials: credentials(),
			}),
		).rejects.toThrow(/redirected GET \/v2\/_customers/);
		await expect(
			pollOnce({ event: 'newCustomer' }, { credentials: credentials() }),
		).rejects.toThrow(/redirected GET \/v2\/_customers/);
		const tested = await testCredential(credentials());
		expect(tested.error).toBeDefined();
		expect(elsewhere.requests).toHaveLength(0);
	});
});

describe('within the Base URL’s origin', () => {
	it('a read that is redirected is followed, with the token, and its answer is used', async () => {
		service.respondWith((request, response) => {
			if (request.rawPath === '/v2/_customers') {
				redirect(response, 301, '/v2/_customers/?page=1&per_page=50');
				return;
			}
			json(response, 200, listPage([{ id: 'cus_1' }]));
		});
		const { error, items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll' },
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(['cus_1']);
		expect(service.requests.map((request) => request.rawUrl)).toEqual([
			'/v2/_customers?page=1&per_page=50',
			'/v2/_customers/?page=1&per_page=50',
		]);
		expect(requestsWithToken(service)).toHaveLength(2);
	});

	it('a write that is redirected is an error, not a silent change of method', async () => {
		service.respondWith((request, response) => {
			if (request.method === 'POST') redirect(response, 302, '/v2/elsewhere');
			else json(response, 200, callAnswer);
		});
		const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(
			/^The call may have been placed: The service redirected POST .* which this node does not follow/,
		);
		expect(service.requests.map((request) => request.method)).toEqual(['POST']);
	});

	it('a redirect loop stops', async () => {
		service.respondWith((_request, response) => redirect(response, 302, '/v2/_customers'));
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'getAll' },
			{ credentials: credentials() },
		);
		expect(error?.message).toMatch(/redirected GET \/v2\/_customers .* too many times/);
		expect(service.requests.length).toBeLessThanOrEqual(6);
	});
});

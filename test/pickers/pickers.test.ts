import { RESENDS_AFTER_FAILURE } from '../../nodes/Outreach/shared/constants';
import { loadOptions, searchList } from '../../support/engine/methods';
import { runOutreach } from '../../support/engine/engine';
import { failingReads, useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox({ seedCustomers: 150 });

describe('Campaign and customer pickers (resource locators, From List)', () => {
	it('lists customers page by page through the load-options path', async () => {
		const parameters = { resource: 'customer', operation: 'delete' };
		const first = await searchList('searchCustomers', {
			parameters,
			path: 'customerId',
			credentials: credentials(),
		});
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Customer 1 · +15550000001', value: 'cus_00001' });
		expect(first.paginationToken).toBe('2');

		const second = await searchList('searchCustomers', {
			parameters,
			path: 'customerId',
			credentials: credentials(),
			paginationToken: String(first.paginationToken),
		});
		expect(second.results.map((result) => result.value)).toEqual(
			Array.from({ length: 50 }, (_, index) => `cus_${String(101 + index).padStart(5, '0')}`),
		);
		expect(second.paginationToken).toBeUndefined();
		expect(sandbox.requests.map((request) => request.query)).toEqual([
			{ page: 1, per_page: 100 },
			{ page: 2, per_page: 100 },
		]);
	});

	it('filters by name or ID', async () => {
		const found = await searchList('searchCustomers', {
			parameters: { resource: 'customer', operation: 'delete' },
			path: 'customerId',
			credentials: credentials(),
			filter: 'customer 42',
		});
		expect(found.results.map((result) => result.value)).toEqual(['cus_00042']);
	});

	it('lists campaigns by name', async () => {
		sandbox.store.campaigns.insert({ id: 'cmp_a', name: 'Renewals' });
		const found = await searchList('searchCampaigns', {
			parameters: { resource: 'campaign', operation: 'get' },
			path: 'campaignId',
			credentials: credentials(),
		});
		expect(found.results).toEqual([{ name: 'Renewals', value: 'cmp_a' }]);
	});

	it('a failing list request shows the service’s message, not an empty list', async () => {
		sandbox.injectFaults(...failingReads({ status: 500, message: 'Customer index rebuilding' }));
		await expect(
			searchList('searchCustomers', {
				parameters: { resource: 'customer', operation: 'delete' },
				path: 'customerId',
				credentials: credentials(),
			}),
		).rejects.toThrow(/Customer index rebuilding/);
		expect(sandbox.requests).toHaveLength(RESENDS_AFTER_FAILURE + 1);
	});

	it('a value picked from the list is used as the path ID', async () => {
		const { error } = await runOutreach(
			{
				resource: 'customer',
				operation: 'delete',
				customerId: {
					__rl: true,
					mode: 'list',
					value: 'cus_00003',
					cachedResultName: 'Customer 3',
				},
			},
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests[0]).toMatchObject({
			method: 'DELETE',
			rawPath: '/v2/_customers/cus_00003',
			status: 200,
		});
	});
});

describe('Assistant actions multi-select', () => {
	it('loads the actions list as options, sorted by name', async () => {
		sandbox.store.actions.insert({ id: 'act_2', name: 'Transfer', type: 'CALL_TRANSFER' });
		sandbox.store.actions.insert({ id: 'act_1', name: 'Brochure', type: 'SEND_EMAIL' });
		const options = await loadOptions('getActions', {
			parameters: { resource: 'assistant', operation: 'create' },
			path: 'assistantFields.actions',
			credentials: credentials(),
		});
		expect(options).toEqual([
			{ name: 'Brochure (SEND_EMAIL)', value: 'act_1' },
			{ name: 'Transfer (CALL_TRANSFER)', value: 'act_2' },
		]);
	});

	it('sends the picked actions as the actions array', async () => {
		await runOutreach(
			{
				resource: 'assistant',
				operation: 'create',
				assistantName: 'Setter',
				assistantFields: { actions: ['act_1', 'act_2'] },
			},
			{ credentials: credentials() },
		);
		expect(sandbox.requests[0].body).toEqual({ name: 'Setter', actions: ['act_1', 'act_2'] });
	});
});

describe('picker texts', () => {
	it('two campaigns with the same name are told apart by their ID', async () => {
		sandbox.store.campaigns.insert({ id: 'cmp_x1', name: 'Spring' });
		sandbox.store.campaigns.insert({ id: 'cmp_x2', name: 'Spring' });
		const found = await searchList('searchCampaigns', {
			parameters: { resource: 'campaign', operation: 'get' },
			path: 'campaignId',
			credentials: credentials(),
			filter: 'spring',
		});
		expect(found.results).toEqual([
			{ name: 'Spring (cmp_x1)', value: 'cmp_x1' },
			{ name: 'Spring (cmp_x2)', value: 'cmp_x2' },
		]);
	});

	it('a failing actions list shows the service’s message in the multi-select', async () => {
		sandbox.injectFaults(...failingReads({ status: 500, message: 'Action index rebuilding' }));
		const failure = await loadOptions('getActions', {
			parameters: { resource: 'assistant', operation: 'create' },
			path: 'assistantFields.actions',
			credentials: credentials(),
		}).catch((error: Error) => error);
		expect(failure).toBeInstanceOf(Error);
		expect((failure as Error).message).toBe(
			'GET /v2/_actions (page 1) answered 500: Action index rebuilding',
		);
	});
});

import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox({ seedCustomers: 1050 });

const pagesRequested = () => sandbox.requests.map((request) => request.query);

describe('Customer → Get Many', () => {
	it('Return All follows the pages to the end: 1,050 customers in 11 requests of 100', async () => {
		const { items, error } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: true },
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(11);
		expect(
			sandbox.requests.every(
				(request) => request.method === 'GET' && request.rawPath === '/v2/_customers',
			),
		).toBe(true);
		expect(pagesRequested()).toEqual(
			Array.from({ length: 11 }, (_, index) => ({ page: index + 1, per_page: 100 })),
		);
		expect(items).toHaveLength(1050);
		expect(items[0].json).toMatchObject({ id: 'cus_00001' });
		expect(items[1049].json).toMatchObject({ id: 'cus_01050' });
		expect(new Set(items.map((item) => item.json.id)).size).toBe(1050);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Limit 15 asks for one page of 15 and outputs 15 customers', async () => {
		const { items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: false, limit: 15 },
			{ credentials: credentials() },
		);
		expect(items).toHaveLength(15);
		expect(pagesRequested()).toEqual([{ page: 1, per_page: 15 }]);
	});

	it('Limit 250 reads three pages of 100 and stops at 250', async () => {
		const { items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', limit: 250 },
			{ credentials: credentials() },
		);
		expect(items).toHaveLength(250);
		expect(pagesRequested()).toEqual([1, 2, 3].map((page) => ({ page, per_page: 100 })));
	});

	it('runs the list once per input item', async () => {
		const { items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', limit: 2 },
			{ credentials: credentials(), items: [{ json: {} }, { json: {} }] },
		);
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
		expect(sandbox.requests).toHaveLength(2);
	});
});

describe('Customer → Delete', () => {
	it('deletes by ID and returns the confirmation', async () => {
		const { items, error } = await runOutreach(
			{ resource: 'customer', operation: 'delete', customerId: 'cus_00007' },
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests[0]).toMatchObject({
			method: 'DELETE',
			rawPath: '/v2/_customers/cus_00007',
			status: 200,
		});
		expect(items[0].json).toEqual({ id: 'cus_00007', deleted: true });
	});

	it('an unknown ID surfaces the service’s 404', async () => {
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'delete', customerId: 'cus_missing' },
			{ credentials: credentials() },
		);
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(`${error?.message} ${error?.description}`).toContain('cus_missing not found');
	});

	it('an ID that evaluates to empty is an error naming the field, and nothing is sent', async () => {
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'delete', customerId: '={{ $json.missing }}' },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe('Customer ID: must not be empty');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('list pagination edge cases', () => {
	const empty = useSandbox();

	it('an empty list is one request and no items', async () => {
		const { items } = await runOutreach(
			{ resource: 'campaign', operation: 'getAll', returnAll: true },
			{ credentials: empty.credentials() },
		);
		expect(items).toHaveLength(0);
		expect(empty.sandbox.requests).toHaveLength(1);
	});

	it('a list that ends exactly on a page boundary stops without asking for an empty page', async () => {
		empty.sandbox.store.seedCustomers(200);
		const { items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: true },
			{ credentials: empty.credentials() },
		);
		expect(items).toHaveLength(200);
		expect(empty.sandbox.requests.map((request) => request.query.page)).toEqual([1, 2]);
	});
});

describe('a node left at its defaults', () => {
	it('lists customers: the read-only default a new node or AI-agent tool starts on', async () => {
		const { error, items } = await runOutreach({}, { credentials: credentials() });
		expect(error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.method, request.rawPath])).toEqual([
			['GET', '/v2/_customers'],
		]);
		expect(items.length).toBeGreaterThan(0);
	});
});

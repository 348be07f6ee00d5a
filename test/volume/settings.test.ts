// The settings around volume: n8n's own Batching keeps spacing the items, the bound of Return All and
// of the trigger can be raised, and what the node remembers for Retry On Fail stays in its execution.
import { LIST_PAGE_SIZE } from '../../nodes/Outreach/shared/constants';
import { runOutreach } from '../../support/engine/engine';
import { pollOnce } from '../../support/engine/methods';
import { CallingService } from '../../support/hostile/callingService';
import { json, listPage } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leads } from '../../support/leads';

const { service, credentials } = useHostile();

/** Answers every page of a list of `total` customers. */
function serveCustomers(total: number) {
	service.respondWith((request, response) => {
		const page = Number(request.query.get('page'));
		const perPage = Number(request.query.get('per_page'));
		const first = (page - 1) * perPage;
		const records = Array.from(
			{ length: Math.max(0, Math.min(perPage, total - first)) },
			(_, offset) => ({ id: `cus_${first + offset}` }),
		);
		json(
			response,
			200,
			listPage(records, { current_page: page, per_page: perPage, total_records: total }),
		);
	});
}

describe("n8n's Batching", () => {
	it('still sends the items batch by batch, the interval apart', async () => {
		const calling = new CallingService();
		service.respondWith(calling.responder);
		const arrivals: number[] = [];
		const respond = calling.responder;
		service.respondWith((request, response, index) => {
			arrivals.push(Date.now());
			return respond(request, response, index);
		});

		const started = Date.now();
		const { error } = await runOutreach(
			{
				...callEachLead,
				requestOptions: { batching: { batch: { batchSize: 5, batchInterval: 300 } } },
			},
			{ items: leads(15), credentials: credentials() },
		);

		expect(error?.message).toBeUndefined();
		expect(calling.placed.size).toBe(15);
		// Three batches of five, n8n waiting the interval after each: at most five requests arrive in
		// the first interval and ten in the first two, however late a busy machine delivers them.
		expect(arrivals[5] - started).toBeGreaterThanOrEqual(300);
		expect(arrivals[10] - started).toBeGreaterThanOrEqual(600);
	});

	it('an invalid item in the third batch stops the node before any batch is sent', async () => {
		const calling = new CallingService();
		service.respondWith(calling.responder);
		const input = leads(15);
		input[12] = { json: { phone: 'not a number' } };

		const { error } = await runOutreach(
			{
				...callEachLead,
				requestOptions: { batching: { batch: { batchSize: 5, batchInterval: 200 } } },
			},
			{ items: input, credentials: credentials() },
		);

		expect(error?.message).toMatch(/^Phone Number: /);
		expect(error?.description).toContain('0 of 15 items were sent');
		expect(service.requests).toEqual([]);
	});
});

describe('Timeout', () => {
	it.each(['soon', 1500.5, -1])(
		'a Timeout of %j is rejected before any request, naming the field',
		async (timeout) => {
			const calling = new CallingService();
			service.respondWith(calling.responder);
			const { error } = await runOutreach(
				{ ...callEachLead, requestOptions: { timeout } },
				{ items: leads(3), credentials: credentials() },
			);
			expect(error?.message).toBe(
				`Timeout: "${String(timeout)}" is not a whole number of at least 1`,
			);
			expect(service.requests).toEqual([]);
		},
	);

	it.each([0, '0', '', ' 2000 ', 2000])('a Timeout of %j is taken', async (timeout) => {
		const calling = new CallingService();
		service.respondWith(calling.responder);
		const { error, items } = await runOutreach(
			{ ...callEachLead, requestOptions: { timeout } },
			{ items: leads(2), credentials: credentials() },
		);
		expect(error?.message).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(calling.placed.size).toBe(2);
	});
});

describe('Max Pages', () => {
	it('Return All stops at the pages set, and the error says which setting raises it', async () => {
		serveCustomers(1_000);
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: true, options: { maxPages: 3 } },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe(
			'GET /v2/_customers: stopped after 3 pages (300 records), and the service still reports more',
		);
		expect(error?.description).toContain('Options → Max Pages');
		expect(service.requests).toHaveLength(3);
	});

	it('a Max Pages that is not a whole number is rejected before any request, naming the field', async () => {
		serveCustomers(10);
		const { error } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: true, options: { maxPages: 0 } },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe('Max Pages: "0" is not a whole number of at least 1');
		expect(service.requests).toHaveLength(0);
	});

	it('the trigger watches a list of 150,000 customers once its Max Pages allows it', async () => {
		const total = 150_000;
		serveCustomers(total);
		const pages = total / LIST_PAGE_SIZE;

		await expect(
			pollOnce({ event: 'newCustomer' }, { credentials: credentials() }),
		).rejects.toThrow(/stopped after 1,000 pages/);

		const parameters = { event: 'newCustomer', options: { maxPages: 2_000 } };
		const first = await pollOnce(parameters, { credentials: credentials() });
		expect(first.items).toHaveLength(0);
		serveCustomers(total + 2);
		const second = await pollOnce(parameters, {
			credentials: credentials(),
			staticData: first.staticData,
		});
		expect(second.items.map((item) => item.json.id)).toEqual(['cus_150000', 'cus_150001']);
		expect(service.requests.length).toBe(1_000 + pages + pages + 1);
	}, 120_000);
});

describe('what the node remembers for Retry On Fail', () => {
	it('is never carried into another execution: running the workflow again sends every item again', async () => {
		const calling = new CallingService();
		service.respondWith(calling.responder);
		const run = async () =>
			await runOutreach(callEachLead, {
				items: leads(5),
				credentials: credentials(),
				retryOnFail: { maxTries: 3, waitBetweenTries: 100 },
			});

		expect((await run()).error).toBeUndefined();
		expect((await run()).error).toBeUndefined();

		expect([...calling.placed.values()]).toEqual([2, 2, 2, 2, 2]);
	});
});

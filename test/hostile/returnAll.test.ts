// Return All has a bound, and a service that answers the same page again is
// caught at once instead of being paged until memory runs out.
import { runOutreach } from '../../support/engine/engine';
import { json, listPage } from '../../support/hostile/server';
import { useHostile } from './useHostile';

import { LIST_PAGE_SIZE, DEFAULT_MAX_LIST_PAGES } from '../../nodes/Outreach/shared/constants';

const { service, credentials } = useHostile();

const listCustomers = { resource: 'customer', operation: 'getAll', returnAll: true };

/** A bound for the hostile server itself, so that a node without one still finishes the test. */
const SERVER_GIVES_UP_AFTER = DEFAULT_MAX_LIST_PAGES + 50;

const customer = (n: number) => ({ id: `cus_${n}`, name: `Customer ${n}` });
const fullPage = (page: number) =>
	Array.from({ length: LIST_PAGE_SIZE }, (_, index) =>
		customer((page - 1) * LIST_PAGE_SIZE + index),
	);

describe('Return All', () => {
	it('stops with an error at its documented bound when every page is full and new', async () => {
		service.respondWith((request, response, index) => {
			const page = Number(request.query.get('page'));
			json(response, 200, listPage(index < SERVER_GIVES_UP_AFTER ? fullPage(page) : []));
		});
		const { error, items } = await runOutreach(listCustomers, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			`GET /v2/_customers: stopped after ${DEFAULT_MAX_LIST_PAGES.toLocaleString('en-US')} pages (${(DEFAULT_MAX_LIST_PAGES * LIST_PAGE_SIZE).toLocaleString('en-US')} records), and the service still reports more`,
		);
		expect(service.requests).toHaveLength(DEFAULT_MAX_LIST_PAGES);
	}, 60_000);

	it('stops at the second page when the service answers the same page again', async () => {
		service.respondWith((_request, response, index) =>
			json(response, 200, listPage(index < SERVER_GIVES_UP_AFTER ? fullPage(1) : [])),
		);
		const { error, items } = await runOutreach(listCustomers, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			"The service's answer to GET /v2/_customers (page 2) repeats the records of an earlier page: it seems to ignore the page parameter",
		);
		expect(service.requests.map((request) => request.query.get('page'))).toEqual(['1', '2']);
	}, 60_000);

	it('outputs a record that a page boundary repeats only once', async () => {
		service.respondWith((request, response) => {
			const page = Number(request.query.get('page'));
			// A record added at the front while paging shifts the last record of page 1 onto page 2.
			if (page === 1) json(response, 200, listPage(fullPage(1)));
			else json(response, 200, listPage([customer(LIST_PAGE_SIZE - 1), customer(500)]));
		});
		const { error, items } = await runOutreach(listCustomers, { credentials: credentials() });
		expect(error).toBeUndefined();
		const ids = items.map((item) => item.json.id);
		expect(ids).toHaveLength(LIST_PAGE_SIZE + 1);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('a short page when the service reports more records is an error, not a partial list', async () => {
		service.respondWith((request, response) => {
			const page = Number(request.query.get('page'));
			json(
				response,
				200,
				listPage(page === 1 ? fullPage(1).slice(0, 60) : [], {
					current_page: page,
					per_page: LIST_PAGE_SIZE,
					total_records: 150,
				}),
			);
		});
		const { error, items } = await runOutreach(listCustomers, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			"The service's answer to GET /v2/_customers (page 1) is cut short: it holds 60 records where 100 were asked for, but the service reports 150 in all",
		);
	});
});

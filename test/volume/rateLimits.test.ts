// A thousand leads against calling services that protect themselves: every lead is called exactly
// once, with default settings, and the node never has more requests in flight than its setting.
import { DEFAULT_CONCURRENT_REQUESTS } from '../../nodes/Outreach/shared/constants';
import { runOutreach, startOutreach } from '../../support/engine/engine';
import { CallingService, type CallingServiceLimits } from '../../support/hostile/callingService';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

const LEADS = 1_000;

const services: Array<[string, CallingServiceLimits]> = [
	['admits 4 requests at a time, Retry-After in seconds', { concurrent: 4, serviceMs: 5 }],
	[
		'admits 4 requests at a time, Retry-After as an HTTP date',
		{ concurrent: 4, serviceMs: 5, retryAfter: 'date' },
	],
	[
		'admits 4 requests at a time, no Retry-After',
		{ concurrent: 4, serviceMs: 5, retryAfter: 'none' },
	],
	['admits 300 requests a second, Retry-After in seconds', { perSecond: 300 }],
	[
		'admits 300 requests a second, Retry-After as an HTTP date',
		{ perSecond: 300, retryAfter: 'date' },
	],
	['admits 300 requests a second, no Retry-After', { perSecond: 300, retryAfter: 'none' }],
];

describe.each(services)('1,000 leads against a service that %s', (_label, limits) => {
	it('calls every lead exactly once, without an error, each output paired with its lead in order', async () => {
		const calling = new CallingService(limits);
		service.respondWith(calling.responder);

		const { error, items } = await runOutreach(callEachLead, {
			items: leads(LEADS),
			credentials: credentials(),
		});

		expect(error?.message).toBeUndefined();
		expect(calling.refused).toBeGreaterThan(0);
		expect(calling.calledTwice).toEqual([]);
		expect(calling.placed.size).toBe(LEADS);
		expect(items).toHaveLength(LEADS);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.call_id).toBe(`call_${leadPhone(index)}_1`);
		});
		expect(service.maxInFlight).toBeLessThanOrEqual(DEFAULT_CONCURRENT_REQUESTS);
	}, 120_000);
});

/** The share of the requests a calling service received that it refused. */
const refusedShare = (calling: CallingService) =>
	calling.refused / [...calling.received.values()].reduce((sum, count) => sum + count, 0);

const limited: Array<[string, CallingServiceLimits, number]> = [
	['admits 3 requests in flight (Retry-After: 1 beyond)', { concurrent: 3, serviceMs: 15 }, 500],
	[
		'admits 100 requests a second (Retry-After as an HTTP date)',
		{ perSecond: 100, serviceMs: 15, retryAfter: 'date' },
		400,
	],
];

describe.each(limited)('against a service that %s', (_label, limits, count) => {
	it(`one run of ${count} leads: each called once, no error, at most 3 % of requests refused`, async () => {
		const calling = new CallingService(limits);
		service.respondWith(calling.responder);

		const { error, items } = await runOutreach(callEachLead, {
			items: leads(count),
			credentials: credentials(),
		});

		expect(error?.message).toBeUndefined();
		expect(items).toHaveLength(count);
		expect(calling.calledTwice).toEqual([]);
		expect(calling.placed.size).toBe(count);
		expect(refusedShare(calling)).toBeLessThanOrEqual(0.03);
	}, 60_000);

	it('20 executions at once, 25 leads each, share one limit: each lead called once, no error, at most 3 % refused', async () => {
		const calling = new CallingService(limits);
		service.respondWith(calling.responder);
		const account = credentials();

		const runs = Array.from({ length: 20 }, (_, execution) =>
			startOutreach(callEachLead, {
				items: leads(500).slice(execution * 25, (execution + 1) * 25),
				credentials: account,
			}),
		);
		const results = await Promise.all(runs.map(async (run) => await run.result));

		for (const { error } of results) expect(error?.message).toBeUndefined();
		expect(calling.calledTwice).toEqual([]);
		expect(calling.placed.size).toBe(500);
		expect(refusedShare(calling)).toBeLessThanOrEqual(0.03);
	}, 60_000);
});

// Hundreds of leads against calling services that protect themselves: every lead is called exactly
// once, with default settings, and the node never has more requests in flight than its setting.
import { DEFAULT_CONCURRENT_REQUESTS } from '../../nodes/Outreach/shared/constants';
import { processedData, runOutreach, startOutreach } from '../../support/engine/engine';
import { CallingService, type CallingServiceLimits } from '../../support/hostile/callingService';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

const LEADS = 600;

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
	['admits 150 requests a second, Retry-After in seconds', { perSecond: 150 }],
	[
		'admits 150 requests a second, Retry-After as an HTTP date',
		{ perSecond: 150, retryAfter: 'date' },
	],
	['admits 150 requests a second, no Retry-After', { perSecond: 150, retryAfter: 'none' }],
];

describe.each(services)('600 leads against a service that %s', (_label, limits) => {
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

/**
 * What the first contact with a limited service costs: the requests in flight when its limit shows
 * (one round of Max Concurrent Requests, a few more while the answers come back), then the odd
 * request that finds whether the limit rose.
 */
const FIRST_CONTACT_REFUSALS = DEFAULT_CONCURRENT_REQUESTS + 12;

/** The share of the requests a calling service received that it refused. */
const refusedShare = (calling: CallingService) =>
	calling.refused / [...calling.received.values()].reduce((sum, count) => sum + count, 0);

const limited: Array<[string, CallingServiceLimits, number]> = [
	['admits 3 requests in flight (Retry-After: 1 beyond)', { concurrent: 3, serviceMs: 15 }, 500],
	[
		'admits 100 requests a second (Retry-After as an HTTP date)',
		{ perSecond: 100, serviceMs: 15, retryAfter: 'date' },
		500,
	],
];

/** `count` leads split between `executions` executions started at once on one account. */
async function burst(
	calling: CallingService,
	account: ReturnType<typeof credentials>,
	count: number,
	executions: number,
) {
	const each = Math.ceil(count / executions);
	const runs = Array.from({ length: executions }, (_, execution) =>
		startOutreach(callEachLead, {
			items: leads(count).slice(execution * each, (execution + 1) * each),
			credentials: account,
		}),
	);
	const results = await Promise.all(runs.map(async (run) => await run.result));
	for (const { error } of results) expect(error?.message).toBeUndefined();
	expect(calling.calledTwice).toEqual([]);
	expect(calling.placed.size).toBe(count);
}

describe.each(limited)('against a service that %s', (_label, limits, count) => {
	it(`one run of ${count} leads: each called once, no error; on first contact about one round in flight refused`, async () => {
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
		expect(calling.refused).toBeLessThanOrEqual(FIRST_CONTACT_REFUSALS);
	}, 60_000);

	it('20 executions at once share one limit: each lead called once, no error; on first contact about one round refused', async () => {
		const calling = new CallingService(limits);
		service.respondWith(calling.responder);
		await burst(calling, credentials(), count, 20);
		expect(calling.refused).toBeLessThanOrEqual(FIRST_CONTACT_REFUSALS);
	}, 60_000);

	it('a second run on the account, within minutes of the first, starts from what it learned: at most 1 % refused', async () => {
		const account = credentials();
		const first = new CallingService(limits);
		service.respondWith(first.responder);
		await burst(first, account, count, 1);
		const second = new CallingService(limits);
		service.respondWith(second.responder);
		await burst(second, account, count, 1);
		expect(refusedShare(second)).toBeLessThanOrEqual(0.01);
	}, 90_000);
});

describe('against a slow service that limits nothing', () => {
	it('a run has its Max Concurrent Requests in flight from its first request', async () => {
		const calling = new CallingService({ serviceMs: 300 });
		service.respondWith(calling.responder);
		const started = Date.now();
		const { error } = await runOutreach(callEachLead, {
			items: leads(2 * DEFAULT_CONCURRENT_REQUESTS),
			credentials: credentials(),
		});
		expect(error?.message).toBeUndefined();
		expect(service.maxInFlight).toBe(DEFAULT_CONCURRENT_REQUESTS);
		// Two rounds of 300 ms, not the ten or more a slow start would take.
		expect(Date.now() - started).toBeLessThan(6 * 300);
	}, 30_000);

	it('with Continue On Fail, the first calls leave before the last leads are checked against the record', async () => {
		const calling = new CallingService({ serviceMs: 100 });
		const workflowId = 'calls-before-the-last-check';
		const recorded = () =>
			(JSON.parse(processedData.dump()) as Array<[string, { data: string[] }]>)
				.filter(([key]) => key.startsWith(workflowId))
				.reduce((entries, [, row]) => entries + row.data.length, 0);
		let recordedAtFirstCall = -1;
		service.respondWith((request, response, index) => {
			if (recordedAtFirstCall < 0) recordedAtFirstCall = recorded();
			return calling.responder(request, response, index);
		});
		const count = 400;
		const { error, items } = await runOutreach(callEachLead, {
			items: leads(count),
			credentials: credentials(),
			continueOnFail: true,
			workflowId,
		});
		expect(error?.message).toBeUndefined();
		expect(items.filter((item) => item.json.call_id)).toHaveLength(count);
		expect(calling.calledTwice).toEqual([]);
		// Every lead is in the record once the run is over, but only the first ones were when the first
		// call left: the others were still being read from the form and checked.
		expect(recorded()).toBeGreaterThanOrEqual(count);
		expect(recordedAtFirstCall).toBeGreaterThan(0);
		expect(recordedAtFirstCall).toBeLessThan(count / 2);
	}, 30_000);

	it('with Continue On Fail, two executions whose leads cross between their first and later checks each call every lead once', async () => {
		const calling = new CallingService({ serviceMs: 50 });
		service.respondWith(calling.responder);
		const account = credentials();
		// A run's first group, checked whole before its first call, is four rounds of its setting.
		const group = 4 * DEFAULT_CONCURRENT_REQUESTS;
		const fill = leads(2 * group);
		const [first, second] = [leadPhone(900_001), leadPhone(900_002)].map((phone) => ({
			json: { name: 'Crossing', phone },
		}));
		// Each execution checks one crossing lead with its first items and the other with its later ones.
		const runs = [
			[first, ...fill.slice(0, group), second],
			[second, ...fill.slice(group), first],
		].map(
			(items) =>
				startOutreach(callEachLead, {
					items,
					credentials: account,
					continueOnFail: true,
					workflowId: 'crossing-leads',
				}).result,
		);
		const results = await Promise.all(runs);
		for (const { error } of results) expect(error?.message).toBeUndefined();
		expect(calling.placed.get(first.json.phone)).toBe(1);
		expect(calling.placed.get(second.json.phone)).toBe(1);
		expect(calling.placed.size).toBe(fill.length + 2);
		expect(calling.calledTwice).toEqual([]);
	}, 60_000);

	it('a single-lead execution started in the middle of a bulk run of 300 on the account is sent within about one service time and its share', async () => {
		// The service admits 3 calls at a time, each taking 200 ms: the bulk run's other requests wait
		// for turns at the account's gate, and the single lead's call must not queue behind them.
		const serviceMs = 200;
		const calling = new CallingService({ concurrent: 3, serviceMs });
		service.respondWith(calling.responder);
		const account = credentials();
		const bulk = startOutreach(callEachLead, { items: leads(300), credentials: account });
		while (calling.placed.size < 150) await new Promise((resolve) => setTimeout(resolve, 20));
		const asked = Date.now();
		const single = await startOutreach(callEachLead, {
			items: [{ json: { phone: '+14155559999', name: 'Single' } }],
			credentials: account,
		}).result;
		const waited = Date.now() - asked;
		expect(single.error?.message).toBeUndefined();
		expect(calling.placed.get('+14155559999')).toBe(1);
		// A turn frees within one service time, then its own call (about 2 service times, and the
		// execution's own start): behind the bulk run's 150 waiting requests it would take 50.
		expect(waited).toBeLessThan(5 * serviceMs);
		const { error } = await bulk.result;
		expect(error?.message).toBeUndefined();
		expect(calling.placed.size).toBe(301);
		expect(calling.calledTwice).toEqual([]);
	}, 90_000);
});

describe('against a slow service that limits requests a second', () => {
	it('while every request in flight waits out a refusal, another item goes to find where the service’s window ends', async () => {
		// 25 a second in windows of a second, each call 300 ms: the run's first 25 fill a window, and
		// the 25 sent as they answer are all refused until it ends.
		// The windows begin at the first request, so that no round of requests spans two of them however
		// long the execution takes to start.
		const calling = new CallingService({
			perSecond: DEFAULT_CONCURRENT_REQUESTS,
			serviceMs: 300,
			windowsFrom: 'first request',
		});
		service.respondWith(calling.responder);
		const { error } = await runOutreach(callEachLead, {
			items: leads(4 * DEFAULT_CONCURRENT_REQUESTS),
			credentials: credentials(),
		});
		expect(error?.message).toBeUndefined();
		expect(calling.calledTwice).toEqual([]);
		expect(calling.placed.size).toBe(4 * DEFAULT_CONCURRENT_REQUESTS);

		const first = calling.arrivals.find((arrival) => arrival.refused);
		expect(first).toBeDefined();
		const refusedAt = first!.at;
		const windowEnd = calling.windowEnd(refusedAt);
		// A refused request goes again a second after its refusal at the soonest, after the window
		// has ended: between the two, only a request that looks for the window's end can arrive.
		const meanwhile = calling.arrivals.filter(
			({ at }) => at >= windowEnd && at < refusedAt + 1_000,
		);
		expect(meanwhile.length).toBeGreaterThan(0);
	}, 30_000);
});

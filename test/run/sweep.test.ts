// The record's sweeps one run at a time, over the harness's store of n8n's database, on a clock that
// moves on by hours: what a sweep drops, and what it must keep. Through n8n's engine, over days of
// calls, in test/volume/recordHistory.test.ts.
import { createHash } from 'node:crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import { LeadRecord } from '../../nodes/Outreach/run/record';
import { roundDown, roundValues } from '../../nodes/Outreach/run/sweep';
import { ProcessedDataStore } from '../../support/engine/deduplication';

const HOUR = 3_600_000;
const WINDOW = 24 * HOUR;
const QUARTER = WINDOW / 4;
const EPOCH = 5 * QUARTER;
/** The first moment of an epoch. */
const EPOCH_START = Math.floor(Date.parse('2026-11-10T00:00:00.000Z') / EPOCH) * EPOCH;

let clock = 0;
beforeEach(() => {
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
});
afterEach(() => {
	jest.restoreAllMocks();
});

const store = new ProcessedDataStore();
const workflow = { id: 'sweeps' };
const node = { id: 'tested' };
/** Called with the values of each check-and-record before the store reads the record. */
let beforeRecord: (values: string[]) => void = () => undefined;
/** The same for each removal. */
let beforeRemove: (values: string[]) => void = () => undefined;
const context = {
	getWorkflow: () => workflow,
	getNode: () => node,
	helpers: {
		checkProcessedAndRecord: async (values: string[], scope: 'node', options: object) => {
			beforeRecord(values);
			return await store.checkProcessedAndRecord(
				values,
				scope,
				{ node, workflow } as never,
				options as never,
			);
		},
		removeProcessed: async (values: string[], scope: 'node') => {
			beforeRemove(values);
			return await store.removeProcessed(values, scope, { node, workflow } as never);
		},
		getProcessedDataCount: async (scope: 'node') =>
			await store.getProcessedDataCount(scope, { node, workflow } as never),
	},
} as unknown as IExecuteFunctions;
const run = { until: async (work: Promise<unknown>) => void (await work), stopped: false };

/** A run that reaches `leads`, its writes sent: close() ends it. */
async function reach(leads: string[]) {
	const record = new LeadRecord(context, WINDOW, new Set());
	const verdicts = await record.check(
		leads.map((lead) => [lead]),
		run,
		true,
	);
	record.underWay();
	return { record, verdicts };
}

/** What the record says of `leads` now, recording nothing. */
async function verdictsOf(leads: string[]) {
	return await new LeadRecord(context, WINDOW, new Set()).check(
		leads.map((lead) => [lead]),
		run,
		false,
	);
}

const hash = (value: string) => createHash('md5').update(value).digest('base64');

beforeEach(() => {
	store.clear();
});

it('a count is rounded down to a value the next sweep asks about, at most an eighth below', () => {
	const values = new Set(roundValues(1_000_000));
	for (const count of [0, 1, 15, 16, 17, 100, 1_234, 99_999, 250_000, 999_999]) {
		const rounded = roundDown(count);
		expect(values.has(rounded)).toBe(true);
		expect(rounded).toBeLessThanOrEqual(count);
		expect(rounded).toBeGreaterThanOrEqual(count - count / 8);
	}
	expect(values.size).toBeLessThan(200);
});

it('a lead reached late in an epoch is kept by the sweep of the next, an hour later', async () => {
	clock = EPOCH_START + 4 * QUARTER + 5 * HOUR;
	await (await reach(['late'])).record.close();
	clock = EPOCH_START + EPOCH + HOUR;
	await (await reach(['next'])).record.close();
	clock += HOUR;
	expect(await verdictsOf(['late', 'next'])).toEqual([
		{ reached: expect.any(Array) },
		{ reached: expect.any(Array) },
	]);
});

it('the sweep counts a run checked while it waits for its turn as under way: what that run takes back is not dropped again', async () => {
	clock = EPOCH_START + 60_000;
	const first = await reach(['first']);
	const many = Array.from({ length: 100 }, (_, lead) => `queued ${lead}`);
	let queued: ReturnType<typeof reach> | undefined;
	let claimTakenBack = false;
	// While the first run's last look (after it takes back its claim) holds the node's turn, a run
	// of 100 leads asks for it: it checks before the first run's sweep.
	beforeRemove = (values) =>
		(claimTakenBack ||= values.some((value) => value.startsWith('claim|')));
	beforeRecord = (values) => {
		if (claimTakenBack && !queued && values.length === 1) queued = reach(many);
	};
	store.latencyMs = 30;
	await first.record.close();
	store.latencyMs = 0;
	beforeRecord = () => undefined;
	beforeRemove = () => undefined;
	const second = await queued!;
	// It takes back every lead it recorded before the sweep: none was reached.
	second.record.takeBack(many);
	await second.record.close();
	clock = EPOCH_START + QUARTER + 60_000;
	const later = Array.from({ length: 200 }, (_, lead) => `later ${lead}`);
	await (await reach(later)).record.close();
	// The next epoch's sweep, a day later: the later leads are within the window.
	clock = EPOCH_START + EPOCH + 60_000;
	await (await reach(['next'])).record.close();
	const verdicts = await verdictsOf([later[0], later[199]]);
	expect(verdicts.map((verdict) => 'reached' in verdict)).toEqual([true, true]);
});

it('a sweep drops nothing when the count to drop is more than the record holds', async () => {
	const bucketMs = QUARTER;
	const epoch = Math.round(EPOCH_START / EPOCH);
	// The previous epoch's sweep noted 24 entries before it, in a quarter long ago; an older version
	// of the node since forgot most of the record.
	store.load([
		[
			`${workflow.id}|n:${node.id}`,
			{
				mode: 'entries',
				data: [
					hash(`sweep|${bucketMs}|${epoch}|count|24`),
					hash(`sweep|${bucketMs}|${epoch}|at|${epoch * 5}`),
				],
			},
		],
	]);
	clock = EPOCH_START + EPOCH + 2 * QUARTER;
	await (await reach(['kept'])).record.close();
	expect(await verdictsOf(['kept'])).toEqual([{ reached: expect.any(Array) }]);
});

// The record of leads reached (Skip Leads Called Within) over a long history, on a clock that moves
// on by hours between executions: it holds what a window needs, not everything the node ever reached,
// and a workflow upgraded from the last release keeps skipping the leads that release recorded.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { processedData, runOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { callEachLead, leadPhone, leads } from '../../support/leads';
import { useHostile } from '../hostile/useHostile';

const { service, credentials } = useHostile();

const HOUR = 3_600_000;
let clock = 0;
beforeEach(() => {
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
});
afterEach(() => {
	jest.restoreAllMocks();
});

const lead = (n: number) => leads(n + 1)[n];

it('over six days of a call every two hours, a 24-hour window holds no more than ten quarters of calls, and skips every lead reached within it', async () => {
	const calling = new CallingService();
	service.respondWith(calling.responder);
	const account = credentials();
	const workflowId = 'six-days-of-calls';
	clock = Date.parse('2026-11-02T00:00:00.000Z');
	const sizes: number[] = [];
	for (let step = 0; step < 72; step++) {
		// A new lead, the lead of 22 hours ago delivered again, and the lead of 32 hours ago (beyond
		// the window and the quarter more it may skip) delivered again.
		const items = [lead(step), ...(step >= 11 ? [lead(step - 11)] : [])];
		if (step >= 16) items.push(lead(step - 16));
		const run = await runOutreach(callEachLead, { items, credentials: account, workflowId });
		expect(run.error).toBeUndefined();
		const skipped = run.items.map((item) => item.json.skipped === true);
		expect(skipped).toEqual([false, ...(step >= 11 ? [true] : []), ...(step >= 16 ? [false] : [])]);
		sizes.push(processedData.entries(workflowId));
		clock += 2 * HOUR;
	}
	expect(calling.placed.get(leadPhone(0))).toBe(2);
	// Ten quarters of 24 hours hold 30 executions, each recording at most two leads, and a few marks,
	// where the six days reached 128 (72 new leads, 56 again).
	expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * 30 + 6);
});

it('a workflow upgraded from the last release skips the leads that release recorded within the window', async () => {
	const fixture = JSON.parse(
		readFileSync(path.join(__dirname, 'fixtures', 'record-6ae311f.json'), 'utf8'),
	) as {
		baseUrl: string;
		accessToken: string;
		workflowId: string;
		now: string;
		calledHoursBeforeNow: Record<string, number>;
		rows: Parameters<typeof processedData.load>[0];
	};
	processedData.load(fixture.rows);
	clock = Date.parse(fixture.now);
	// The leads' service is the fixture's Base URL, long closed: Dry Run sends nothing anywhere.
	const account = { baseUrl: fixture.baseUrl, accessToken: fixture.accessToken, dryRun: true };
	const run = await runOutreach(callEachLead, {
		items: leads(4),
		credentials: account,
		workflowId: fixture.workflowId,
	});
	expect(run.error).toBeUndefined();
	const hoursAgo = leads(4).map((item) => fixture.calledHoursBeforeNow[item.json.phone as string]);
	expect(hoursAgo).toEqual([30, 3, 3, 23]);
	expect(run.items.map((item) => item.json.skipped === true)).toEqual([false, true, true, true]);

	// A call every six hours for three days: the sweeps drop what that release recorded.
	const calling = new CallingService();
	service.respondWith(calling.responder);
	const legacy = fixture.rows[0][1].data;
	for (let step = 0; step < 12; step++) {
		clock += 6 * HOUR;
		const next = await runOutreach(callEachLead, {
			items: [lead(100 + step)],
			credentials: credentials(),
			workflowId: fixture.workflowId,
		});
		expect(next.error).toBeUndefined();
	}
	expect(calling.placed.size).toBe(12);
	expect(legacy.filter((entry) => processedData.dump().includes(entry))).toEqual([]);
	// The last day's four leads, delivered again: still within the window.
	const again = await runOutreach(callEachLead, {
		items: [8, 9, 10, 11].map((step) => lead(100 + step)),
		credentials: credentials(),
		workflowId: fixture.workflowId,
	});
	expect(again.items.map((item) => item.json.skipped)).toEqual([true, true, true, true]);
});

// Calling Hours on the credential: a Make Call outside them is not sent; its error names the hours,
// the time zone and the next moment a call is allowed, which an error item carries for a Wait node.
// The clock is the test's: Date is set to the moment each test needs (and runs on from it), nothing
// else is faked.
import { runAsAgentTool } from '../../support/engine/agent';
import { runOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

let calling: CallingService;
beforeEach(() => {
	calling = new CallingService();
	service.respondWith(calling.responder);
});
afterEach(() => jest.useRealTimers());

/** The clock reads `iso` now, and runs on from it. */
function clockAt(iso: string): void {
	jest.useFakeTimers({
		now: new Date(iso),
		advanceTimers: true,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}

const hours = (callingHours: string, callingHoursTimeZone = '') => ({
	...credentials(),
	callingHours,
	callingHoursTimeZone,
});

const WEEKDAYS = 'Mon-Fri 09:00-20:00, Sat 10:00-14:00';

describe('Calling Hours', () => {
	it('inside the hours (Wednesday 10:00 in New York), the call is placed', async () => {
		clockAt('2026-11-25T15:00:00Z');
		const { error } = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: hours(WEEKDAYS, 'America/New_York'),
		});
		expect(error).toBeUndefined();
		expect(calling.placed.size).toBe(1);
	});

	it('outside them (Tuesday 21:00 in New York), nothing is sent; the error says when a call is allowed', async () => {
		clockAt('2026-11-25T02:00:00Z');
		const { error } = await runOutreach(callEachLead, {
			items: leads(3),
			credentials: hours(WEEKDAYS, 'America/New_York'),
		});
		expect(error?.message).toBe(
			`Not called: now is outside the Calling Hours of the Outreach API credential (${WEEKDAYS}, time zone America/New_York); the next call is allowed from 2026-11-25T09:00:00-05:00`,
		);
		expect(service.requests).toHaveLength(0);
	});

	it('with Continue On Fail, the item carries the next allowed moment as nextCallAllowedAt', async () => {
		clockAt('2026-11-28T19:30:00Z'); // Saturday 14:30 in New York: the next is Monday 09:00
		const { error, items } = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: hours(WEEKDAYS, 'America/New_York'),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(service.requests).toHaveLength(0);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		for (const item of items) {
			expect(item.json.error).toEqual({
				message: expect.stringContaining('Not called: now is outside the Calling Hours'),
				nextCallAllowedAt: '2026-11-30T09:00:00-05:00',
			});
		}
	});

	it('is read again when a call gets its turn: calls that waited past the end of the hours are not placed', async () => {
		// One call at a time, each answered after 1.5 s, from five seconds before 20:00 in New York.
		calling = new CallingService({ serviceMs: 1_500 });
		const placedAt: number[] = [];
		service.respondWith((request, response, index) => {
			placedAt.push(Date.now());
			return calling.responder(request, response, index);
		});
		clockAt('2026-11-26T00:59:55Z'); // Wednesday 19:59:55
		const { error, items } = await runOutreach(
			{ ...callEachLead, options: { maxConcurrentRequests: 1 } },
			{ items: leads(10), credentials: hours(WEEKDAYS, 'America/New_York'), continueOnFail: true },
		);

		expect(error).toBeUndefined();
		const end = Date.parse('2026-11-26T01:00:00Z');
		expect(placedAt.length).toBeGreaterThan(0);
		// The hours are read just before a call is sent: one that left in the last moments of the hours
		// arrives a little after their end (on a loaded machine, up to a few hundred ms), but none that
		// waited for its turn, 1.5 s, after reading them.
		expect(placedAt.filter((at) => at >= end + 300)).toEqual([]);
		expect(items.some((item) => item.json.error !== undefined)).toBe(true);
		expect(items.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 10 }, (_, item) => ({ item })),
		);
		const called = items.filter((item) => item.json.call_id !== undefined);
		expect(called).toHaveLength(calling.placed.size);
		for (const item of items.slice(called.length)) {
			expect(item.json.error).toEqual({
				message: expect.stringContaining('Not called: now is outside the Calling Hours'),
				nextCallAllowedAt: '2026-11-26T09:00:00-05:00',
			});
		}
	});

	it('without Continue On Fail, a call whose hours ended by its turn fails the node: no call waiting for a turn leaves after it, though its recipient is inside the hours', async () => {
		// Two calls at a time, each answered after 4 s, from three seconds before 20:00 in New York (time
		// for a loaded machine to start the run): the third lead (New York) gets its turn after 20:00,
		// the fourth (Chicago, 19:00) waits for one.
		calling = new CallingService({ serviceMs: 4_000 });
		service.respondWith(calling.responder);
		clockAt('2026-11-26T00:59:57.000Z');
		const zones = ['America/New_York', 'America/New_York', 'America/New_York', 'America/Chicago'];
		const { error } = await runOutreach(
			{
				...callEachLead,
				callFields: { recipientTimeZone: '={{ $json.zone }}' },
				options: { maxConcurrentRequests: 2 },
			},
			{
				items: zones.map((zone, index) => ({ json: { phone: leadPhone(index), zone } })),
				credentials: hours(WEEKDAYS, 'America/New_York'),
			},
		);
		expect(error?.message).toMatch(/^Not called: now is outside the Calling Hours/);
		expect([...calling.placed.keys()]).toEqual([leadPhone(0), leadPhone(1)]);
	});

	it('across midnight: Fri 22:00-02:00 allows Saturday 01:30, not Saturday 02:30', async () => {
		clockAt('2026-11-28T01:30:00Z');
		const inside = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: hours('Fri 22:00-02:00', 'UTC'),
		});
		expect(inside.error).toBeUndefined();
		jest.useRealTimers();

		clockAt('2026-11-28T02:30:00Z');
		const outside = await runOutreach(callEachLead, {
			items: leads(2).slice(1),
			credentials: hours('Fri 22:00-02:00', 'UTC'),
		});
		expect(outside.error?.message).toMatch(
			/the next call is allowed from 2026-12-04T22:00:00\+00:00$/,
		);
		expect(calling.placed.size).toBe(1);
	});

	it('across a daylight-saving change: the hours are read on the wall clock of the zone', async () => {
		// 2026-03-08 in New York: 02:00 EST becomes 03:00 EDT.
		clockAt('2026-03-08T06:30:00Z'); // 01:30 EST
		const before = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: hours('Sun 01:00-02:30', 'America/New_York'),
		});
		expect(before.error).toBeUndefined();
		jest.useRealTimers();

		clockAt('2026-03-08T07:05:00Z'); // 03:05 EDT: the window's last half hour was skipped
		const after = await runOutreach(callEachLead, {
			items: leads(2).slice(1),
			credentials: hours('Sun 01:00-02:30', 'America/New_York'),
		});
		expect(after.error?.message).toMatch(/allowed from 2026-03-15T01:00:00-04:00$/);
		jest.useRealTimers();

		// A window that starts in the skipped hour starts when the clocks show a time past it.
		clockAt('2026-03-08T05:00:00Z'); // 00:00 EST
		const skipped = await runOutreach(callEachLead, {
			items: leads(3).slice(2),
			credentials: hours('Sun 02:30-04:00', 'America/New_York'),
		});
		expect(skipped.error?.message).toMatch(/allowed from 2026-03-08T03:00:00-04:00$/);
		expect(calling.placed.size).toBe(1);
	});

	it("a recipient's time zone moves a call out of the window", async () => {
		clockAt('2026-11-25T15:00:00Z'); // 10:00 in New York, 07:00 in Los Angeles
		const { error } = await runOutreach(
			{ ...callEachLead, callFields: { recipientTimeZone: '={{ $json.zone }}' } },
			{
				items: [{ json: { phone: leadPhone(0), zone: 'America/Los_Angeles' } }],
				credentials: hours(WEEKDAYS, 'America/New_York'),
			},
		);
		expect(error?.message).toBe(
			`Not called: now is outside the Calling Hours of the Outreach API credential (${WEEKDAYS}, the recipient’s time zone America/Los_Angeles); the next call is allowed from 2026-11-25T09:00:00-08:00`,
		);
		expect(service.requests).toHaveLength(0);
	});

	it('empty (as on credentials saved before it existed) allows any time', async () => {
		clockAt('2026-11-25T03:00:00Z');
		const { error } = await runOutreach(callEachLead, { items: leads(1), credentials: hours('') });
		expect(error).toBeUndefined();
		expect(calling.placed.size).toBe(1);
	});

	it('no zone set: the workflow’s time zone', async () => {
		clockAt('2026-11-25T15:00:00Z'); // 16:00 in Berlin, 23:00 in Tokyo
		const berlin = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: hours('Mon-Fri 09:00-20:00'),
			timezone: 'Europe/Berlin',
		});
		expect(berlin.error).toBeUndefined();
		const tokyo = await runOutreach(callEachLead, {
			items: leads(2).slice(1),
			credentials: hours('Mon-Fri 09:00-20:00'),
			timezone: 'Asia/Tokyo',
		});
		expect(tokyo.error?.message).toMatch(
			/time zone Asia\/Tokyo\); the next call is allowed from 2026-11-26T09:00:00\+09:00$/,
		);
	});

	it.each([
		['Calling Hours', 'Mon-Fri 9-5', 'UTC'],
		['Calling Hours', 'Mon-Fri 09:00-09:00', 'UTC'],
		['Calling Hours', 'Funday 09:00-10:00', 'UTC'],
		['Calling Hours', 'Mon-Fri 09:00-20:00,', 'UTC'],
		['Calling Hours Time Zone', WEEKDAYS, 'Mars/Olympus_Mons'],
	])(
		'a %s that cannot be read (%j, %j) blocks every call, naming the field; nothing is sent',
		async (field, callingHours, zone) => {
			clockAt('2026-11-25T15:00:00Z');
			const { error } = await runOutreach(callEachLead, {
				items: leads(1),
				credentials: hours(callingHours, zone),
			});
			expect(error?.message).toMatch(new RegExp(`^${field} \\(Outreach API credential\\): `));
			expect(service.requests).toHaveLength(0);
		},
	);

	it('a Recipient Time Zone n8n does not know blocks the call, naming the field', async () => {
		clockAt('2026-11-25T15:00:00Z');
		const { error } = await runOutreach(
			{ ...callEachLead, callFields: { recipientTimeZone: 'Eastern' } },
			{ items: leads(1), credentials: hours(WEEKDAYS, 'America/New_York') },
		);
		expect(error?.message).toMatch(/^Recipient Time Zone: "Eastern" is not a time zone n8n knows/);
		expect(service.requests).toHaveLength(0);
	});

	it('campaigns are not bound by them: a campaign’s touchpoint has its own schedule', async () => {
		clockAt('2026-11-25T02:00:00Z');
		service.respondWith((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ data: { id: 'cmp_1', name: 'x', status: 'scheduled' } }));
		});
		const { error } = await runOutreach(
			{
				resource: 'campaign',
				operation: 'create',
				campaignName: 'Spring renewals',
				touchpointName: 'First reminder',
				startAt: '2026-12-01T09:30:00',
				assistantId: '42',
				customerSource: 'none',
			},
			{ credentials: hours(WEEKDAYS, 'America/New_York') },
		);
		expect(error).toBeUndefined();
		expect(service.requests).toHaveLength(1);
	});

	it('an AI agent reads the same message and when to try again; nothing is sent', async () => {
		clockAt('2026-11-25T02:00:00Z');
		const { answers } = await runAsAgentTool(
			{
				resource: 'call',
				operation: 'make',
				agentId: 'agent-7',
				phoneNumber: "={{ $fromAI('phone_number', 'The number to call', 'string') }}",
			},
			[{ phone_number: leadPhone(0) }],
			hours(WEEKDAYS, 'America/New_York'),
		);
		expect(String(answers[0].error)).toContain(
			'the next call is allowed from 2026-11-25T09:00:00-05:00',
		);
		expect(service.requests).toHaveLength(0);
	});

	it('a Dry Run shows the same block, and inside the hours the call it would place', async () => {
		clockAt('2026-11-25T02:00:00Z');
		const outside = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: { ...hours(WEEKDAYS, 'America/New_York'), dryRun: true },
			continueOnFail: true,
		});
		expect(outside.items[0].json.error).toMatchObject({
			nextCallAllowedAt: '2026-11-25T09:00:00-05:00',
		});
		jest.useRealTimers();
		clockAt('2026-11-25T15:00:00Z');
		const inside = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: { ...hours(WEEKDAYS, 'America/New_York'), dryRun: true },
		});
		expect(inside.items[0].json).toMatchObject({ dryRun: true, method: 'POST' });
		expect(service.requests).toHaveLength(0);
	});

	it("n8n's Retry On Fail does not get a call out of the hours either", async () => {
		clockAt('2026-11-25T02:00:00Z');
		const { error } = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: hours(WEEKDAYS, 'America/New_York'),
			retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
		});
		expect(error?.message).toMatch(/^Not called: now is outside the Calling Hours/);
		expect(service.requests).toHaveLength(0);
	});
});

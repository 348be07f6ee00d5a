// Property: the Calling Hours rule agrees with a plain reading of the hours for any hours text and
// any moment: in zones without daylight saving, where a wall clock is the instant plus a fixed offset,
// minute by minute over the next eight days; and, around every daylight-saving change of the year in
// zones that have them, the next allowed moment is the first minute the rule itself lets a call through.
import fc from 'fast-check';

import {
	isoIn,
	nextCallingTime,
	parseCallingHours,
	withinCallingHours,
} from '../../nodes/Outreach/shared/callingHours';

const RUNS = Number(process.env.CALLING_HOURS_PROPERTY_RUNS ?? 1_000);

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Zones without daylight saving, and their offsets in minutes. */
const ZONES: Array<[string, number]> = [
	['UTC', 0],
	['Asia/Kolkata', 330],
	['Asia/Tokyo', 540],
	['America/Panama', -300],
];

interface Entry {
	first: number;
	last: number;
	start: number;
	end: number;
}

const clock = (minutes: number) =>
	`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const entry = fc
	.record({
		first: fc.integer({ min: 0, max: 6 }),
		span: fc.integer({ min: 0, max: 6 }),
		start: fc.integer({ min: 0, max: 1_439 }),
		end: fc.integer({ min: 1, max: 1_440 }),
	})
	.filter(({ start, end }) => start !== end)
	.map(({ first, span, start, end }) => ({ first, last: (first + span) % 7, start, end }));

/** Entries on the nights daylight-saving changes fall on (Saturday to Sunday), near their hours. */
const nightEntry = fc
	.record({
		first: fc.constantFrom(5, 6),
		span: fc.integer({ min: 0, max: 1 }),
		start: fc.integer({ min: 0, max: 240 }),
		end: fc.integer({ min: 1, max: 300 }),
	})
	.filter(({ start, end }) => start !== end)
	.map(({ first, span, start, end }) => ({ first, last: (first + span) % 7, start, end }));

const textOf = (entries: Entry[]) =>
	entries
		.map(
			({ first, last, start, end }) =>
				`${DAYS[first]}${first === last ? '' : `-${DAYS[last]}`} ${clock(start)}-${clock(end)}`,
		)
		.join(', ');

/** The plain reading: is the wall-clock minute `minute` (from a Monday 00:00) within the entries? */
function allowedAt(entries: Entry[], minute: number): boolean {
	const week = 7 * 1_440;
	const at = ((minute % week) + week) % week;
	const day = Math.floor(at / 1_440);
	const time = at % 1_440;
	return entries.some(({ first, last, start, end }) => {
		const days = Array.from({ length: ((last - first + 7) % 7) + 1 }, (_, n) => (first + n) % 7);
		return days.some((d) =>
			end > start
				? d === day && time >= start && time < end
				: (d === day && time >= start) || ((d + 1) % 7 === day && time < end),
		);
	});
}

/** Minutes of the wall clock from a Monday 00:00 for an instant, in a zone `offset` minutes east. */
function wallMinute(instant: number, offset: number): number {
	const local = new Date(instant + offset * 60_000);
	const day = (local.getUTCDay() + 6) % 7;
	return day * 1_440 + local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** Daylight-saving changes of 2026, as instants, in zones that shift by an hour or by half an hour. */
const CHANGES: Array<[string, number]> = [
	['America/New_York', Date.parse('2026-03-08T07:00:00Z')],
	['America/New_York', Date.parse('2026-11-01T06:00:00Z')],
	['Europe/Berlin', Date.parse('2026-03-29T01:00:00Z')],
	['Europe/Berlin', Date.parse('2026-10-25T01:00:00Z')],
	['Australia/Sydney', Date.parse('2026-04-04T16:00:00Z')],
	['Australia/Sydney', Date.parse('2026-10-03T16:00:00Z')],
	['Australia/Lord_Howe', Date.parse('2026-04-04T15:00:00Z')],
	['Australia/Lord_Howe', Date.parse('2026-10-03T15:30:00Z')],
];

describe('property: the Calling Hours rule reads the hours as written', () => {
	it(`holds for ${RUNS} generated hours, zones and moments`, () => {
		fc.assert(
			fc.property(
				fc.array(entry, { minLength: 1, maxLength: 3 }),
				fc.constantFrom(...ZONES),
				fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
				(entries, [zone, offset], moment) => {
					const instant = moment - (moment % 60_000);
					const parsed = parseCallingHours(textOf(entries));
					if (!('periods' in parsed) || !parsed.periods) throw new Error('not parsed');
					const { periods } = parsed;
					const start = wallMinute(instant, offset);
					expect(withinCallingHours(instant, periods, zone)).toBe(allowedAt(entries, start));
					// The first allowed minute from now, read minute by minute.
					let minutes = 0;
					while (minutes <= 8 * 1_440 && !allowedAt(entries, start + minutes)) minutes++;
					expect(nextCallingTime(instant, periods, zone)).toBe(instant + minutes * 60_000);
				},
			),
			{ numRuns: RUNS },
		);
	});

	it('the next allowed moment around a daylight-saving change is the first minute the hours allow', () => {
		fc.assert(
			fc.property(
				fc.array(fc.oneof(entry, nightEntry), { minLength: 1, maxLength: 3 }),
				fc.constantFrom(...CHANGES),
				fc.integer({ min: -36 * 60, max: 36 * 60 }),
				(entries, [zone, change], minutesFromChange) => {
					const instant = change + minutesFromChange * 60_000;
					const parsed = parseCallingHours(textOf(entries));
					if (!('periods' in parsed) || !parsed.periods) throw new Error('not parsed');
					const { periods } = parsed;
					// Hours that fall wholly in a skipped hour open a week later: looked for over 15 days.
					let first = instant;
					while (first <= instant + 15 * 86_400_000 && !withinCallingHours(first, periods, zone))
						first += 60_000;
					expect(nextCallingTime(instant, periods, zone)).toBe(first);
				},
			),
			{ numRuns: Math.ceil(RUNS / 5) },
		);
	});

	it('on the night clocks go back, the next allowed moment is in the repeated hour', () => {
		// New York, 2026-11-01: 01:40 EDT is outside Sun 01:00-01:30; twenty minutes later the clocks
		// show 01:00 EST, within the hours again.
		const parsed = parseCallingHours('Sun 01:00-01:30');
		if (!('periods' in parsed) || !parsed.periods) throw new Error('not parsed');
		const at = Date.parse('2026-11-01T01:40:00-04:00');
		const next = nextCallingTime(at, parsed.periods, 'America/New_York');
		expect(next).toBe(Date.parse('2026-11-01T01:00:00-05:00'));
		expect(isoIn(next!, 'America/New_York')).toBe('2026-11-01T01:00:00-05:00');
	});

	it('when the only hours of the week fall in the hour the clocks skip, the next allowed moment is a week later', () => {
		// New York, 2026-03-08: the clocks go from 02:00 EST to 03:00 EDT, so Sun 02:00-02:01 does not
		// happen that Sunday; from the Saturday before, the next allowed minute is eight days away.
		const parsed = parseCallingHours('Sun 02:00-02:01');
		if (!('periods' in parsed) || !parsed.periods) throw new Error('not parsed');
		const at = Date.parse('2026-03-07T00:59:00-05:00');
		const next = nextCallingTime(at, parsed.periods, 'America/New_York');
		expect(next).toBe(Date.parse('2026-03-15T02:00:00-04:00'));
	});

	it('rejects any text that is not days and hours, so a typing mistake never widens the window', () => {
		fc.assert(
			fc.property(fc.string({ minLength: 1, maxLength: 20 }), (text) => {
				const parsed = parseCallingHours(text);
				if ('periods' in parsed) {
					// Whatever was accepted reads as days and hours.
					expect(text).toMatch(/[a-z]+(-[a-z]+)?\s+\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}/i);
				}
			}),
			{ numRuns: RUNS },
		);
	});
});

// Property: the Calling Hours rule agrees with a plain reading of the hours for any hours text and
// any moment: in zones without daylight saving, where a wall clock is the instant plus a fixed offset,
// minute by minute over the next eight days. (Daylight-saving changes are tested by example, through
// the engine.)
import fc from 'fast-check';

import {
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
					if (!('windows' in parsed) || !parsed.windows) throw new Error('not parsed');
					const { windows } = parsed;
					const start = wallMinute(instant, offset);
					expect(withinCallingHours(instant, windows, zone)).toBe(allowedAt(entries, start));
					// The first allowed minute from now, read minute by minute.
					let minutes = 0;
					while (minutes <= 8 * 1_440 && !allowedAt(entries, start + minutes)) minutes++;
					expect(nextCallingTime(instant, windows, zone)).toBe(instant + minutes * 60_000);
				},
			),
			{ numRuns: RUNS },
		);
	});

	it('rejects any text that is not days and hours, so a typing mistake never widens the window', () => {
		fc.assert(
			fc.property(fc.string({ minLength: 1, maxLength: 20 }), (text) => {
				const parsed = parseCallingHours(text);
				if ('windows' in parsed) {
					// Whatever was accepted reads as days and hours.
					expect(text).toMatch(/[a-z]+(-[a-z]+)?\s+\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}/i);
				}
			}),
			{ numRuns: RUNS },
		);
	});
});

/** ISO 8601 dates and times, read strictly: a date that does not exist is an error, never shifted. */

const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

export type WallClock = Record<(typeof FIELDS)[number], number>;

const formatters = new Map<string, Intl.DateTimeFormat>();

export function wallClockIn(instant: number, timeZone: string): WallClock {
	const formatter =
		formatters.get(timeZone) ??
		new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
	formatters.set(timeZone, formatter);
	const parts = formatter.formatToParts(new Date(instant));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return Object.fromEntries(FIELDS.map((field) => [field, get(field)])) as WallClock;
}

/** A wall clock's fields read as if they were UTC: what instants of one zone are compared by. */
export const asUtc = (clock: WallClock) =>
	Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

function isRealWallClock({ year, month, day, hour, minute, second }: WallClock): boolean {
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return (
		month >= 1 &&
		month <= 12 &&
		day >= 1 &&
		day <= daysInMonth &&
		hour <= 23 &&
		minute <= 59 &&
		second <= 59
	);
}

function offsetMinutes(offset: string): number | undefined {
	if (offset.toUpperCase() === 'Z') return 0;
	const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset) ?? [];
	if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
	return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** The value as ISO 8601 in UTC; without an offset, a wall-clock time in `timeZone`. */
export function toIsoDateTime(
	value: unknown,
	timeZone: string,
): { iso: string } | { problem: string } {
	if (value instanceof Date) {
		return Number.isNaN(value.getTime())
			? { problem: 'is not a date and time' }
			: { iso: value.toISOString() };
	}
	const text = String(value ?? '').trim();
	const notADate = { problem: `"${text}" is not a date and time` };
	const match = ISO_DATE_TIME.exec(text);
	if (!match) return notADate;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', offset] = match;
	const numbers = [year, month, day, hour, minute, second].map(Number);
	const clock = Object.fromEntries(FIELDS.map((field, at) => [field, numbers[at]])) as WallClock;
	if (!isRealWallClock(clock)) return notADate;
	const milliseconds = Number(fraction.slice(0, 3).padEnd(3, '0'));

	if (offset !== undefined) {
		const minutes = offsetMinutes(offset);
		if (minutes === undefined) return notADate;
		return { iso: new Date(asUtc(clock) + milliseconds - minutes * 60_000).toISOString() };
	}
	// Find the zone's offset at that moment; two passes settle the days the offset changes.
	const wanted = asUtc(clock);
	let instant = wanted - (asUtc(wallClockIn(wanted, timeZone)) - wanted);
	instant = wanted - (asUtc(wallClockIn(instant, timeZone)) - instant);
	if (asUtc(wallClockIn(instant, timeZone)) !== wanted) {
		return { problem: `"${text}" does not exist in ${timeZone} (the clocks skip it)` };
	}
	return { iso: new Date(instant + milliseconds).toISOString() };
}

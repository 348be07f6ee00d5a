/**
 * Calling Hours, written like `Mon-Fri 09:00-20:00, Sat 10:00-14:00`: a day or range of days
 * (`Sat-Mon` wraps) and hours each. An end at or before the start runs past midnight
 * (`Fri 22:00-02:00`); `24:00` ends a day. Anything else is a problem: a typing mistake never widens
 * the hours. Pure functions over instants (ms since the epoch).
 */

import { asUtc, wallClockIn } from './dateTime';

/** A day (0 Monday) and minutes from its midnight, end after start. */
export interface CallingPeriod {
	day: number;
	start: number;
	end: number;
}

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MINUTES_A_DAY = 1_440;

/** A day's name or its first three letters, as its index (0 Monday). */
function dayOf(text: string): number | undefined {
	const name = text.toLowerCase();
	const index = DAYS.findIndex((day) => day === name || day.slice(0, 3) === name);
	return index >= 0 ? index : undefined;
}

function minutesOf(text: string, allowEndOfDay: boolean): number | undefined {
	const match = /^(\d{1,2}):(\d{2})$/.exec(text);
	if (!match) return undefined;
	const [hours, minutes] = [Number(match[1]), Number(match[2])];
	if (hours === 24 && minutes === 0 && allowEndOfDay) return MINUTES_A_DAY;
	if (hours > 23 || minutes > 59) return undefined;
	return hours * 60 + minutes;
}

const ENTRY = /^([a-z]+)(?:\s*-\s*([a-z]+))?\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/i;

/** The periods of a Calling Hours text; none (any time) when it is empty. */
export function parseCallingHours(
	text: unknown,
): { periods: CallingPeriod[] | undefined } | { problem: string } {
	if (text === undefined || text === null || text === '') return { periods: undefined };
	const example = 'write days and hours such as Mon-Fri 09:00-20:00, Sat 10:00-14:00';
	if (typeof text !== 'string')
		return { problem: `${JSON.stringify(text)} is not text: ${example}` };
	const periods: CallingPeriod[] = [];
	for (const entry of text.split(',').map((piece) => piece.trim())) {
		const match = ENTRY.exec(entry);
		const first = match ? dayOf(match[1]) : undefined;
		const last = match?.[2] === undefined ? first : dayOf(match[2]);
		const start = match ? minutesOf(match[3], false) : undefined;
		const end = match ? minutesOf(match[4], true) : undefined;
		if (first === undefined || last === undefined || start === undefined || end === undefined) {
			return { problem: `${JSON.stringify(entry)} is not days and hours: ${example}` };
		}
		if (end === start) {
			return { problem: `${JSON.stringify(entry)} starts and ends at the same time` };
		}
		for (let offset = 0; offset <= (last - first + 7) % 7; offset++) {
			const day = (first + offset) % 7;
			periods.push({ day, start, end: end > start ? end : end + MINUTES_A_DAY });
		}
	}
	return { periods };
}

export function isTimeZone(name: unknown): name is string {
	if (typeof name !== 'string' || name.trim() === '') return false;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}

/** The local day (0 Monday) and minute of the day. */
function localTime(instant: number, timeZone: string): { day: number; minute: number } {
	const clock = wallClockIn(instant, timeZone);
	const weekday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
	return { day: (weekday + 6) % 7, minute: clock.hour * 60 + clock.minute };
}

export function withinCallingHours(
	instant: number,
	periods: CallingPeriod[],
	timeZone: string,
): boolean {
	const { day, minute } = localTime(instant, timeZone);
	const yesterday = (day + 6) % 7;
	// A period past midnight goes on into the next day.
	return periods.some(
		({ day: on, start, end }) =>
			(on === day && minute >= start && minute < Math.min(end, MINUTES_A_DAY)) ||
			(on === yesterday && minute < end - MINUTES_A_DAY),
	);
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A week, and a week more for hours wholly in time a change of the clocks skips. */
const LOOK_AHEAD_DAYS = 15;

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
	const minute = instant - (instant % MINUTE);
	return asUtc(wallClockIn(minute, timeZone)) - minute;
}

/** Every instant the wall clock shows `wanted` (read as UTC): none when skipped, two when repeated. */
function instantsOf(wanted: number, timeZone: string) {
	const instants = new Set<number>();
	for (const side of [wanted - DAY, wanted + DAY]) {
		const instant = wanted - offsetAt(side, timeZone);
		if (asUtc(wallClockIn(instant, timeZone)) === wanted) instants.add(instant);
	}
	return [...instants];
}

/** The instants in (from, to] when `timeZone`'s offset changes: its wall clock jumps there. */
function offsetChanges(from: number, to: number, timeZone: string): number[] {
	const changes: number[] = [];
	const step = DAY / 2;
	for (let start = from - (from % MINUTE); start < to; start += step) {
		let [low, high] = [start, start + step];
		if (offsetAt(low, timeZone) === offsetAt(high, timeZone)) continue;
		// The first minute with the new offset.
		while (high - low > MINUTE) {
			const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
			if (offsetAt(middle, timeZone) === offsetAt(low, timeZone)) low = middle;
			else high = middle;
		}
		changes.push(high);
	}
	return changes;
}

/** The first instant from `instant` on when a call may be placed, within LOOK_AHEAD_DAYS. */
export function nextCallingTime(
	instant: number,
	periods: CallingPeriod[],
	timeZone: string,
): number | undefined {
	if (withinCallingHours(instant, periods, timeZone)) return instant;
	const today = wallClockIn(instant, timeZone);
	const candidates = offsetChanges(instant, instant + (LOOK_AHEAD_DAYS + 1) * DAY, timeZone);
	for (let offset = -1; offset <= LOOK_AHEAD_DAYS; offset++) {
		const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
		const day = (date.getUTCDay() + 6) % 7;
		for (const period of periods.filter((candidate) => candidate.day === day))
			candidates.push(...instantsOf(date.getTime() + period.start * MINUTE, timeZone));
	}
	const open = candidates
		.filter((candidate) => candidate > instant && withinCallingHours(candidate, periods, timeZone))
		.sort((a, b) => a - b);
	return open.find((candidate) => candidate <= instant + LOOK_AHEAD_DAYS * DAY);
}

/** `instant` as ISO 8601 with the offset `timeZone` has then, e.g. 2026-11-25T09:00:00-05:00. */
export function isoIn(instant: number, timeZone: string): string {
	const clock = wallClockIn(instant, timeZone);
	const offset = Math.round((asUtc(clock) - (instant - (instant % 1_000))) / 60_000);
	const sign = offset < 0 ? '-' : '+';
	const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');
	const date = `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
	const time = `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
	return `${date}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/**
 * Allowed Destinations, and where a body holds numbers the service dials or messages. A number is
 * strict E.164 where it is checked and where it is sent: nothing is normalised on the way, so no
 * number can be read one way and dialled another.
 */

import { describeValue } from './objectPaths';

/** Where a body carries numbers, and their field: a dotted `path`, `[]` after a key for a list. */
export interface Destination {
	path: string;
	field: string;
}

const PREFIX = /^\+\d{1,15}$/;

const SEPARATOR = /[,;\n]/;

/** Allowed Destinations' prefixes ("+1, +44"); a typing mistake is a problem, not a wider list. */
export function parseAllowedPrefixes(text: unknown): { prefixes: string[] } | { problem: string } {
	if (text === undefined || text === null || text === '') return { prefixes: [] };
	if (typeof text !== 'string') {
		return { problem: `${JSON.stringify(text)} is not a list of phone number prefixes` };
	}
	const prefixes: string[] = [];
	for (const piece of text.split(SEPARATOR).map((entry) => entry.trim())) {
		if (piece === '') {
			return {
				problem: `${JSON.stringify(text)} has an empty entry: write prefixes such as +1, +44 separated by commas, or leave the field empty to allow any number`,
			};
		}
		if (!PREFIX.test(piece)) {
			return {
				problem: `${JSON.stringify(piece)} is not a phone number prefix such as +1 or +44 (a plus sign and digits)`,
			};
		}
		prefixes.push(piece);
	}
	return { prefixes };
}

/** Whether an E.164 `number` may be dialled: any when no prefix is set. */
export function isAllowedDestination(number: string, prefixes: string[]): boolean {
	return prefixes.length === 0 || prefixes.some((prefix) => number.startsWith(prefix));
}

/** Every number at `path` in `body`, or the problem with its shape; none without its first key. */
export function destinationsAt(
	body: unknown,
	path: string,
): { numbers: string[] } | { problem: string } {
	let values: Array<{ value: unknown; at: string; required: boolean }> = [
		{ value: body, at: '', required: false },
	];
	for (const segment of path.split('.')) {
		const list = segment.endsWith('[]');
		const key = list ? segment.slice(0, -2) : segment;
		const next: typeof values = [];
		for (const { value, at, required } of values) {
			const here = at ? `${at}.${key}` : key;
			if (typeof value !== 'object' || value === null || Array.isArray(value)) {
				return { problem: `${at || 'the body'} is ${describeValue(value)}, not an object` };
			}
			if (!Object.hasOwn(value, key)) {
				if (required) return { problem: `${here} is missing` };
				continue;
			}
			const entry = (value as Record<string, unknown>)[key];
			if (!list) {
				next.push({ value: entry, at: here, required });
				continue;
			}
			if (!Array.isArray(entry))
				return { problem: `${here} is ${describeValue(entry)}, not a list` };
			// Inside a list's entries, the rest of the path is required: an entry without it is not read.
			entry.forEach((item, index) =>
				next.push({ value: item, at: `${here}[${index}]`, required: true }),
			);
		}
		values = next;
	}
	const numbers: string[] = [];
	for (const { value, at } of values) {
		if (typeof value !== 'string') return { problem: `${at} is ${describeValue(value)}, not text` };
		numbers.push(value);
	}
	return { numbers };
}

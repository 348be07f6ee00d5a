/**
 * Allowed destinations: the E.164 prefixes the credential's owner lets the node call or message.
 * Pure functions; the transport checks every destination of a request just before it is sent.
 */

/** Where a request carries a number the service will dial or message, and the field it comes from. */
export interface Destination {
	/** A dotted body path; `[]` after a key stands for every entry of the list there. */
	path: string;
	field: string;
}

/** Characters people write inside phone numbers that do not change the number. */
const SEPARATORS = /[\s().\-/]/g;

/**
 * A number as the digits it dials, with one leading "+": separators dropped, an international "00"
 * prefix read as "+", and a missing "+" added (a number without one is taken as international).
 */
function normalizeNumber(text: string): string {
	const compact = text.replace(SEPARATORS, '');
	if (compact.startsWith('+')) return compact;
	if (compact.startsWith('00')) return `+${compact.slice(2)}`;
	return `+${compact}`;
}

const PREFIX = /^\+\d{1,15}$/;

/**
 * The prefixes of a credential's Allowed Destinations ("+1, +44"), normalised as numbers are; empty
 * when nothing is set. A piece that is not a prefix is a problem, so that a typing mistake never
 * widens or empties the list.
 */
export function parseAllowedPrefixes(text: unknown): { prefixes: string[] } | { problem: string } {
	const pieces = String(text ?? '')
		.split(/[,;\n]/)
		.map((piece) => piece.trim())
		.filter((piece) => piece !== '');
	const prefixes: string[] = [];
	for (const piece of pieces) {
		const prefix = normalizeNumber(piece);
		if (!PREFIX.test(prefix)) {
			return { problem: `${JSON.stringify(piece)} is not a phone number prefix such as +1 or +44` };
		}
		prefixes.push(prefix);
	}
	return { prefixes };
}

/** Whether `number` may be dialled: any number when no prefix is set, else one that starts with one. */
export function isAllowedDestination(number: string, prefixes: string[]): boolean {
	if (prefixes.length === 0) return true;
	const normalized = normalizeNumber(number);
	return /^\+\d+$/.test(normalized) && prefixes.some((prefix) => normalized.startsWith(prefix));
}

/** Every value at `path` in `body` (see Destination), as text; nothing where the path is absent. */
export function valuesAt(body: unknown, path: string): string[] {
	let values: unknown[] = [body];
	for (const segment of path.split('.')) {
		const eachEntry = segment.endsWith('[]');
		const key = eachEntry ? segment.slice(0, -2) : segment;
		values = values.flatMap((value) => {
			if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return [];
			const next = (value as Record<string, unknown>)[key];
			return eachEntry && Array.isArray(next) ? next : [next];
		});
	}
	return values
		.filter((value) => value !== undefined && value !== null)
		.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
}

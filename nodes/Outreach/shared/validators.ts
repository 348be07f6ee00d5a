// Pure checks, each returning its problem as a phrase to follow the field's name.

import { describeValue } from './objectPaths';

const E164 = /^\+[1-9]\d{1,14}$/;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const USER_INFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

/** C0 and C1 control characters and DEL, which arrive only by mistake or on purpose. */
function hasControlCharacter(text: string): boolean {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
	}
	return false;
}

export const E164_HINT =
	'Use a plus sign, the country code and the number, without spaces, e.g. +14155550100.';

/** The problem with a phone number (trimmed) not in E.164 format. */
export function phoneNumberProblem(value: unknown): string | undefined {
	return typeof value === 'string' && E164.test(value)
		? undefined
		: `${JSON.stringify(value ?? null)} is not a phone number in E.164 format`;
}

/** An ID as one path segment, trimmed: not ".", "..", a control character or unpaired surrogate. */
export function pathSegment(value: unknown): { id: string } | { problem: string } {
	if (value === undefined || value === null) return { problem: 'must not be empty' };
	if (typeof value !== 'string' && typeof value !== 'number') {
		return { problem: `must be text or a number, not ${describeValue(value)}` };
	}
	const id = String(value).trim();
	if (id === '') return { problem: 'must not be empty' };
	if (id === '.' || id === '..') return { problem: `"${id}" is not a valid ID` };
	if (hasControlCharacter(id) || UNPAIRED_SURROGATE.test(id)) {
		return { problem: 'contains a control character or an unpaired surrogate' };
	}
	return { id };
}

/** The longest record ID the trigger remembers; a longer one is not an ID but a payload. */
export const MAX_RECORD_ID_LENGTH = 256;

/** A list record's ID (its field is not shown, so the usual names are tried), if a path segment. */
export function recordId(record: Record<string, unknown>): string | undefined {
	for (const key of ['id', 'action_id', 'campaign_id', 'customer_id', '_id']) {
		if (!(key in record)) continue;
		const checked = pathSegment(record[key]);
		return 'id' in checked && checked.id.length <= MAX_RECORD_ID_LENGTH ? checked.id : undefined;
	}
	return undefined;
}

export function baseUrlProblem(baseUrl: string): string | undefined {
	if (/\s/.test(baseUrl) || hasControlCharacter(baseUrl)) {
		return 'must not contain spaces or control characters';
	}
	const protocol = URL.canParse(baseUrl) ? new URL(baseUrl).protocol : undefined;
	if (protocol !== 'http:' && protocol !== 'https:')
		return `"${baseUrl}" is not an http:// or https:// address`;
	if (USER_INFO.test(baseUrl)) return 'must not carry a user name or password';
	if (baseUrl.includes('?')) return 'must not have a query (?…)';
	if (baseUrl.includes('#')) return 'must not have a fragment (#…)';
	return undefined;
}

/** Whether a required field's value carries nothing: absent, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '';
	if (Array.isArray(value)) return value.length === 0;
	return false;
}

/** A JSON form field parsed; an object or list from an expression is taken as it is. */
export function parseJson(value: unknown): { value: unknown } | { problem: string } {
	if (typeof value !== 'string') return { value };
	if (value.trim() === '') return { value: undefined };
	try {
		return { value: JSON.parse(value) };
	} catch (error) {
		return { problem: `is not valid JSON (${(error as Error).message})` };
	}
}

/** A whole number from a number or its text ("12"), or undefined. */
export function wholeNumber(value: unknown): number | undefined {
	const text = String(value ?? '').trim();
	if (!/^-?\d+$/.test(text)) return undefined;
	const number = Number(text);
	return Number.isSafeInteger(number) ? number : undefined;
}

const E164 = /^\+[1-9]\d{1,14}$/;

export function isE164(value: string): boolean {
	return E164.test(value);
}

/** Problems with a value used as one path segment, or undefined when it is usable. */
export function pathSegmentProblem(value: unknown): string | undefined {
	if (value === undefined || value === null || String(value).trim() === '')
		return 'must not be empty';
	const text = String(value);
	if (text === '.' || text === '..') return `"${text}" is not a valid ID`;
	return undefined;
}

/** Parses a JSON form field; a string must parse, an object or array is taken as it is. */
export function parseJsonField(
	value: unknown,
): { ok: true; value: unknown } | { ok: false; problem: string } {
	if (typeof value !== 'string') return { ok: true, value };
	if (value.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(value) };
	} catch (error) {
		return { ok: false, problem: `is not valid JSON (${(error as Error).message})` };
	}
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path ("email.to.value") inside `source`, or undefined. */
export function getAtPath(source: Record<string, unknown>, dottedPath: string): unknown {
	let cursor: unknown = source;
	for (const key of dottedPath.split('.')) {
		if (!isPlainObject(cursor)) return undefined;
		cursor = cursor[key];
	}
	return cursor;
}

/** Whether a value sent for a required field carries nothing: absent, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
	if (value === undefined || value === null) return true;
	if (typeof value === 'string') return value.trim() === '';
	if (Array.isArray(value)) return value.length === 0;
	return false;
}

/**
 * Sets `value` at a dotted path ("touchpoint.additional_settings.delay") inside `target`, creating
 * objects on the way; plain objects met at the end are merged rather than replaced.
 */
export function setAtPath(
	target: Record<string, unknown>,
	dottedPath: string,
	value: unknown,
): void {
	const keys = dottedPath.split('.');
	let cursor = target;
	for (const key of keys.slice(0, -1)) {
		if (!isPlainObject(cursor[key])) cursor[key] = {};
		cursor = cursor[key] as Record<string, unknown>;
	}
	const last = keys[keys.length - 1];
	const current = cursor[last];
	cursor[last] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
}

function deepMerge(
	base: Record<string, unknown>,
	extra: Record<string, unknown>,
): Record<string, unknown> {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(extra)) {
		merged[key] =
			isPlainObject(merged[key]) && isPlainObject(value)
				? deepMerge(merged[key] as Record<string, unknown>, value)
				: value;
	}
	return merged;
}

/** Problem with a credential Base URL, or undefined when it is an http(s) address. */
export function baseUrlProblem(baseUrl: string): string | undefined {
	let protocol = '';
	try {
		protocol = new URL(baseUrl).protocol;
	} catch {
		// not a URL at all: reported below
	}
	return protocol === 'http:' || protocol === 'https:'
		? undefined
		: `"${baseUrl}" is not an http:// or https:// address`;
}

/**
 * The identifier of a list record. The seed does not name the field (x-not-shown), so the usual
 * names are tried in turn.
 */
export function recordId(record: Record<string, unknown>): string | undefined {
	for (const key of ['id', 'action_id', 'campaign_id', 'customer_id', '_id']) {
		const value = record[key];
		if (typeof value === 'string' || typeof value === 'number') return String(value);
	}
	return undefined;
}

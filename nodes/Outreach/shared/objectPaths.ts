/**
 * Dotted paths into request bodies ("touchpoint.additional_settings.delay"): no key may reach a
 * prototype, only own properties are followed, and a path never replaces a value it runs into.
 */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a value is, in words a form user knows, for error messages. */
export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'missing';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'string') return 'text';
	if (typeof value === 'number') return 'a number';
	if (typeof value === 'boolean') return 'true or false';
	return 'an object';
}

function keyProblem(dottedPath: string): string | undefined {
	const parts = dottedPath.split('.');
	if (parts.some((part) => part === '')) return `the key "${dottedPath}" has an empty part`;
	const forbidden = parts.find((part) => FORBIDDEN_KEYS.has(part));
	if (forbidden) return `the key "${dottedPath}" uses "${forbidden}", which is not allowed`;
	return undefined;
}

/** The first key inside `value` that could reach a prototype when merged. */
export function forbiddenKeyProblem(value: unknown, at = ''): string | undefined {
	if (Array.isArray(value)) {
		for (const entry of value) {
			const problem = forbiddenKeyProblem(entry, at);
			if (problem) return problem;
		}
		return undefined;
	}
	if (!isPlainObject(value)) return undefined;
	for (const [key, entry] of Object.entries(value)) {
		const path = at ? `${at}.${key}` : key;
		const problem = FORBIDDEN_KEYS.has(key)
			? `the key "${path}" uses "${key}", which is not allowed`
			: forbiddenKeyProblem(entry, path);
		if (problem) return problem;
	}
	return undefined;
}

/** The value at a dotted path, following own properties only, or undefined. */
export function getAtPath(source: Record<string, unknown>, dottedPath: string): unknown {
	let cursor: unknown = source;
	for (const key of dottedPath.split('.')) {
		if (!isPlainObject(cursor) || !Object.hasOwn(cursor, key)) return undefined;
		cursor = cursor[key];
	}
	return cursor;
}

function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>) {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(extra)) {
		const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
		merged[key] =
			isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
	}
	return merged;
}

/** Sets `value` at a dotted path, creating objects on the way and merging an object met at its end. */
export function setAtPath(
	target: Record<string, unknown>,
	dottedPath: string,
	value: unknown,
): string | undefined {
	const problem = keyProblem(dottedPath) ?? forbiddenKeyProblem(value, dottedPath);
	if (problem) return problem;
	const keys = dottedPath.split('.');
	let cursor = target;
	for (const [index, key] of keys.slice(0, -1).entries()) {
		const next = Object.hasOwn(cursor, key) ? cursor[key] : undefined;
		if (next !== undefined && !isPlainObject(next)) {
			const reached = keys.slice(0, index + 1).join('.');
			return `"${dottedPath}" runs into "${reached}", which holds ${describeValue(next)}, not an object`;
		}
		if (next === undefined) cursor[key] = {};
		cursor = cursor[key] as Record<string, unknown>;
	}
	const last = keys[keys.length - 1];
	const current = Object.hasOwn(cursor, last) ? cursor[last] : undefined;
	cursor[last] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
	return undefined;
}

export function deleteAtPath(target: Record<string, unknown>, dottedPath: string): void {
	const keys = dottedPath.split('.');
	const parent = keys.length > 1 ? getAtPath(target, keys.slice(0, -1).join('.')) : target;
	if (isPlainObject(parent)) delete parent[keys[keys.length - 1]];
}

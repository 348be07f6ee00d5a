import type { INodeProperties } from 'n8n-workflow';

import type { Check, Field } from '../actions/operation';
import { toIsoDateTime } from '../shared/dateTime';
import { commaSeparated } from '../shared/lists';
import { isPlainObject } from '../shared/objectPaths';
import {
	E164_HINT,
	isEmptyValue,
	parseJson,
	phoneNumberProblem,
	wholeNumber,
} from '../shared/validators';

// What a field's value becomes on the wire: each check reads it in the body, expressions evaluated.

/** A field whose value goes to `to` in the JSON body, checked there. */
export function bodyField(field: Field, to: string, check?: Check): Field {
	return { ...field, send: { to, check } };
}

type TextMore = Partial<INodeProperties> & { check?: Check };

/** An optional text field of a collection, sent at `to`. */
export function textOption(displayName: string, name: string, to: string, more: TextMore = {}) {
	const { check, ...property } = more;
	return bodyField({ displayName, name, type: 'string', default: '', ...property }, to, check);
}

/** A required text field shown for `show`, sent at `to`: by default, it must not be empty. */
export function requiredText(
	displayName: string,
	name: string,
	to: string,
	show: Record<string, string[]>,
	more: TextMore = {},
): Field {
	const { check = required, ...property } = more;
	const field: Field = { displayName, name, type: 'string', required: true, default: '' };
	return bodyField({ ...field, displayOptions: { show }, ...property }, to, check);
}

export function checks(...all: Check[]): Check {
	return (value, form) => {
		let result: ReturnType<Check> = { value };
		for (const check of all) {
			if ('problem' in result) return result;
			result = check(result.value, form);
		}
		return result;
	};
}

/** n8n checks the form; this, the value its expression gave. */
export const required: Check = (value) =>
	isEmptyValue(value) ? { problem: 'must not be empty' } : { value };

export const phoneNumber: Check = (value) => {
	const text = String(value ?? '').trim();
	const problem = phoneNumberProblem(text);
	return problem ? { problem, hint: E164_HINT } : { value: text };
};

/** JSON text, or an object or list from an expression, sent parsed; empty, nothing. */
export function json(kind: 'object' | 'array'): Check {
	return (value) => {
		const parsed = parseJson(value);
		if ('problem' in parsed || parsed.value === undefined) return parsed;
		const fits = kind === 'array' ? Array.isArray(parsed.value) : isPlainObject(parsed.value);
		if (fits) return parsed;
		const example = kind === 'array' ? '[{"key": "value"}]' : '{"key": "value"}';
		return { problem: `must be a JSON ${kind}, e.g. ${example}` };
	};
}

/** A whole number; text such as "12" is accepted. */
export const integer: Check = (value) => {
	const number = wholeNumber(value);
	return number === undefined
		? {
				problem: `"${String(value ?? '').trim()}" is not a whole number`,
				hint: 'The service expects an integer here.',
			}
		: { value: number };
};

/** Sent as ISO 8601; without an offset, read in the workflow's time zone. */
export const dateTime: Check = (value, form) => {
	const result = toIsoDateTime(value, form.context.getTimezone());
	return 'iso' in result
		? { value: result.iso }
		: {
				problem: result.problem,
				hint: 'Use e.g. 2026-12-01T09:00:00, or pick one in the date picker.',
			};
};

export const commaList: Check = (value) => ({ value: commaSeparated(value) });

export const trimmed: Check = (value) => ({ value: String(value).trim() });
export const lowerCase: Check = (value) => ({ value: String(value).trim().toLowerCase() });
export const upperCase: Check = (value) => ({ value: String(value).trim().toUpperCase() });

import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { preSendStep } from '../transport';
import { toIsoDateTime } from '../shared/dateTime';
import { fieldError } from '../shared/errors';
import { deleteAtPath, getAtPath, isPlainObject, setAtPath } from '../shared/objectPaths';
import {
	E164_HINT,
	isEmptyValue,
	parseJson,
	phoneNumberProblem,
	wholeNumber,
} from '../shared/validators';

/** What a check makes of the value routing placed in the body: the value to send, or a problem. */
type BodyCheck = (
	value: unknown,
	context: IExecuteSingleFunctions,
) => { value: unknown } | { problem: string; hint?: string };

/** A field that routing sends in the JSON body at `routing.send.property`. */
type BodyField = INodeProperties & {
	routing: { send: { type: 'body'; property: string } };
};

/** The request's JSON body, created when the request has none yet. */
export function requestBody(requestOptions: IHttpRequestOptions): IDataObject {
	if (!isPlainObject(requestOptions.body)) requestOptions.body = {};
	return requestOptions.body as IDataObject;
}

/**
 * A field whose value routing sends at its own `routing.send.property`, checked (and converted) there
 * after its expression is evaluated: the check reads what routing placed, so nothing is evaluated
 * twice, and it names the field by its own displayName, so path and label are written once.
 */
export function checkedBodyField(
	field: BodyField,
	check: BodyCheck,
	extra: Partial<INodeProperties> = {},
): INodeProperties {
	const { send } = field.routing;
	const { property } = send;
	const checkValue = async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	) {
		const body = requestBody(requestOptions);
		const result = check(getAtPath(body, property), this);
		if ('problem' in result) throw fieldError(this, field.displayName, result.problem, result.hint);
		const { value } = result;
		if (value === undefined) deleteAtPath(body, property);
		else {
			const pathProblem = setAtPath(body, property, value);
			if (pathProblem) throw fieldError(this, field.displayName, pathProblem);
		}
		return requestOptions;
	};
	return {
		...field,
		...extra,
		routing: {
			...field.routing,
			send: { ...send, preSend: [...(send.preSend ?? []), preSendStep(checkValue)] },
		},
	};
}

/** A required field: n8n checks the form; this checks the value after its expression is evaluated. */
export function requiredBodyField(field: BodyField): INodeProperties {
	return checkedBodyField(
		field,
		(value) => (isEmptyValue(value) ? { problem: 'must not be empty' } : { value }),
		{ required: true },
	);
}

/** A phone number in E.164, sent trimmed. */
export function phoneBodyField(field: BodyField): INodeProperties {
	return checkedBodyField(field, (value) => {
		const text = String(value ?? '').trim();
		const problem = phoneNumberProblem(text);
		return problem ? { problem, hint: E164_HINT } : { value: text };
	});
}

/** JSON text (or an object or list from an expression), sent parsed; empty text sends nothing. */
export function jsonBodyField(field: BodyField, kind: 'object' | 'array'): INodeProperties {
	return checkedBodyField(field, (value) => {
		const parsed = parseJson(value);
		if ('problem' in parsed || parsed.value === undefined) return parsed;
		const fits = kind === 'array' ? Array.isArray(parsed.value) : isPlainObject(parsed.value);
		if (fits) return parsed;
		return {
			problem:
				kind === 'array'
					? 'must be a JSON array, e.g. [{"key": "value"}]'
					: 'must be a JSON object, e.g. {"key": "value"}',
		};
	});
}

/** A whole number; text such as "12" is accepted. */
export function wholeNumberBodyField(field: BodyField): INodeProperties {
	return checkedBodyField(field, (value) => {
		const number = wholeNumber(value);
		return number === undefined
			? {
					problem: `"${String(value ?? '').trim()}" is not a whole number`,
					hint: 'The service expects an integer here.',
				}
			: { value: number };
	});
}

/** A date and time sent as ISO 8601; a value without an offset is read in the workflow's time zone. */
export function dateTimeBodyField(field: BodyField): INodeProperties {
	return checkedBodyField(field, (value, context) => {
		const result = toIsoDateTime(value, context.getTimezone());
		return 'iso' in result
			? { value: result.iso }
			: {
					problem: result.problem,
					hint: 'Use e.g. 2026-12-01T09:00:00, or pick one in the date picker.',
				};
	});
}

import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PreSendAction,
	PostReceiveAction,
} from 'n8n-workflow';

import { NAMED_ACTION_TYPES } from './constants';
import { fieldError } from './errors';
import {
	baseUrlProblem,
	getAtPath,
	isE164,
	isEmptyValue,
	isPlainObject,
	parseJsonField,
	pathSegmentProblem,
	setAtPath,
} from './validation';

type PreSend = (
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) => Promise<IHttpRequestOptions>;

/** The request's JSON body as an object, created on the request when it has none yet. */
export function requestBody(requestOptions: IHttpRequestOptions): IDataObject {
	if (!isPlainObject(requestOptions.body)) requestOptions.body = {};
	return requestOptions.body as IDataObject;
}

/** Rejects a credential Base URL that is not http(s) before the request library gives a vaguer error. */
export const checkBaseUrl: PreSend = async function (requestOptions) {
	const problem = baseUrlProblem(String(requestOptions.baseURL ?? ''));
	if (problem) throw fieldError(this, 'Base URL', problem, BASE_URL_HINT);
	return requestOptions;
};

export const BASE_URL_HINT = 'Fix the Base URL in the Outreach API credential.';

/**
 * The parameter is one URL path segment: it must be non-empty and not "." or ".."; the request goes to
 * `{urlPrefix}{the ID, URL-encoded}{urlSuffix}`.
 */
export function requirePathId(
	parameterName: string,
	fieldLabel: string,
	urlPrefix: string,
	urlSuffix = '',
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = this.getNodeParameter(parameterName, '', { extractValue: true });
		const problem = pathSegmentProblem(value);
		if (problem) throw fieldError(this, fieldLabel, problem);
		requestOptions.url = `${urlPrefix}${encodeURIComponent(String(value).trim())}${urlSuffix}`;
		return requestOptions;
	};
}

/**
 * A required field must not arrive empty after its expression is evaluated (n8n itself only checks the
 * form). Reads the value routing already placed at `bodyPath`, so nothing is evaluated twice.
 */
export function requireBodyValue(bodyPath: string, fieldLabel: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (isEmptyValue(getAtPath(requestBody(requestOptions), bodyPath)))
			throw fieldError(this, fieldLabel, 'must not be empty');
		return requestOptions;
	};
}

/** The phone number already placed at `bodyKey` must be E.164; it is sent trimmed. */
export function requireE164(bodyKey: string, fieldLabel: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body = requestBody(requestOptions);
		const value = String(body[bodyKey] ?? '').trim();
		body[bodyKey] = value;
		if (!isE164(value)) {
			throw fieldError(
				this,
				fieldLabel,
				`"${value}" is not a phone number in E.164 format`,
				'Use a plus sign, the country code and the number, without spaces, e.g. +14155550100.',
			);
		}
		return requestOptions;
	};
}

/** Reads a JSON form field of the current item, with an error naming the field when it does not parse. */
export function readJsonParameter(
	context: IExecuteSingleFunctions,
	parameterName: string,
	fieldLabel: string,
): unknown {
	const parsed = parseJsonField(context.getNodeParameter(parameterName, ''));
	if (!parsed.ok) throw fieldError(context, fieldLabel, parsed.problem);
	return parsed.value;
}

export const ADDITIONAL_BODY_FIELDS_LABEL = 'Additional Body Fields';

/**
 * The escape hatch: a JSON object merged into the request body last, so it can add fields the seed
 * leaves unnamed or override any field. Keys may be dotted paths into nested objects.
 */
export function mergeAdditionalBodyFields(parameterName: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const extra = readJsonParameter(this, parameterName, ADDITIONAL_BODY_FIELDS_LABEL);
		if (extra === undefined) return requestOptions;
		if (!isPlainObject(extra)) {
			throw fieldError(
				this,
				ADDITIONAL_BODY_FIELDS_LABEL,
				'must be a JSON object, e.g. {"field": "value"}',
			);
		}
		const body = requestBody(requestOptions);
		for (const [key, value] of Object.entries(extra)) setAtPath(body, key, value);
		return requestOptions;
	};
}

const INCLUDE_ENVELOPE_PARAMETER = 'options.includeResponseEnvelope';

/** Outputs the response's `data` payload, or the whole envelope when the user asks for it. */
export const unwrapEnvelope: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	_response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const keepEnvelope = this.getNodeParameter(INCLUDE_ENVELOPE_PARAMETER, false) as boolean;
	const pairedItem = { item: this.getItemIndex() };
	return items.map(({ json }) => {
		const payload =
			!keepEnvelope && isPlainObject(json) && isPlainObject(json.data) ? json.data : json;
		return { json: payload as IDataObject, pairedItem };
	});
};

function setBodyField(requestOptions: IHttpRequestOptions, bodyPath: string, value: unknown): void {
	setAtPath(requestBody(requestOptions), bodyPath, value);
}

/** Parses a JSON form field and sends it at `bodyPath`; an empty field sends nothing. */
export function jsonBodyField(
	parameterName: string,
	fieldLabel: string,
	bodyPath: string,
	kind: 'object' | 'array',
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = readJsonParameter(this, parameterName, fieldLabel);
		if (value === undefined) return requestOptions;
		const matches = kind === 'array' ? Array.isArray(value) : isPlainObject(value);
		if (!matches) {
			throw fieldError(
				this,
				fieldLabel,
				kind === 'array'
					? 'must be a JSON array, e.g. [{"key": "value"}]'
					: 'must be a JSON object, e.g. {"key": "value"}',
			);
		}
		setBodyField(requestOptions, bodyPath, value);
		return requestOptions;
	};
}

/** Sends a whole number at `bodyPath`; text such as "12" is accepted, anything else is an error. */
export function integerBodyField(
	parameterName: string,
	fieldLabel: string,
	bodyPath: string,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const raw = this.getNodeParameter(parameterName, '') as unknown;
		const text = String(raw ?? '').trim();
		if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
			throw fieldError(
				this,
				fieldLabel,
				`"${text}" is not a whole number`,
				'The service expects an integer here.',
			);
		}
		setBodyField(requestOptions, bodyPath, Number(text));
		return requestOptions;
	};
}

/** Sends a date and time as ISO 8601 with its offset; a value without one is read in the workflow's time zone. */
export function dateTimeBodyField(
	parameterName: string,
	fieldLabel: string,
	bodyPath: string,
): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const raw = this.getNodeParameter(parameterName, '') as unknown;
		const iso = toIsoWithOffset(raw, this.getTimezone());
		if (!iso)
			throw fieldError(
				this,
				fieldLabel,
				`"${String(raw)}" is not a date and time`,
				'Use e.g. 2026-12-01T09:00:00 or pick one in the date picker.',
			);
		setBodyField(requestOptions, bodyPath, iso);
		return requestOptions;
	};
}

const NAIVE_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** ISO 8601 text with an offset for the value, or undefined when it is not a date and time. */
export function toIsoWithOffset(value: unknown, timeZone: string): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
	const text = String(value ?? '').trim();
	const naive = NAIVE_DATE_TIME.exec(text);
	if (!naive) {
		const parsed = new Date(text);
		return text && /\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(parsed.getTime())
			? parsed.toISOString()
			: undefined;
	}
	const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = naive;
	const asUtc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, +ms.padEnd(3, '0'));
	if (Number.isNaN(asUtc)) return undefined;
	// The wall-clock time is in `timeZone`: find that zone's offset at this moment (two passes settle DST edges).
	let instant = asUtc - zoneOffsetMs(asUtc, timeZone);
	instant = asUtc - zoneOffsetMs(instant, timeZone);
	return new Date(instant).toISOString();
}

function zoneOffsetMs(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	const wallClock = Date.UTC(
		get('year'),
		get('month') - 1,
		get('day'),
		get('hour'),
		get('minute'),
		get('second'),
	);
	return wallClock - Math.floor(instant / 1000) * 1000;
}

/** The integration's system name, upper-cased; it must not be one of the action kinds the seed names. */
export function requireIntegrationType(parameterName: string, fieldLabel: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const type = String(this.getNodeParameter(parameterName, '') ?? '')
			.trim()
			.toUpperCase();
		if (!/^[A-Z][A-Z0-9_]*$/.test(type)) {
			throw fieldError(
				this,
				fieldLabel,
				`"${type}" is not an upper-case system name`,
				'Use letters, digits and underscores, e.g. MY_ATS.',
			);
		}
		if (NAMED_ACTION_TYPES.includes(type)) {
			throw fieldError(
				this,
				fieldLabel,
				`"${type}" is a built-in action kind, not an integration name`,
			);
		}
		setBodyField(requestOptions, 'type', type);
		return requestOptions;
	};
}

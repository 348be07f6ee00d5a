import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PreSendAction,
	PostReceiveAction,
} from 'n8n-workflow';

import { fieldError } from './errors';
import { isE164, isPlainObject, parseJsonField, pathSegmentProblem, setAtPath } from './validation';

type PreSend = (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) => Promise<IHttpRequestOptions>;

/** Rejects a credential Base URL that is not http(s) before the request library gives a vaguer error. */
export const checkBaseUrl: PreSend = async function (requestOptions) {
	const baseUrl = String(requestOptions.baseURL ?? '');
	let protocol = '';
	try {
		protocol = new URL(baseUrl).protocol;
	} catch {
		// reported below
	}
	if (protocol !== 'http:' && protocol !== 'https:') {
		throw fieldError(
			this,
			'Base URL',
			`"${baseUrl}" is not an http:// or https:// address`,
			'Fix the Base URL in the Outreach API credential.',
		);
	}
	return requestOptions;
};

/** The parameter is used as one URL path segment: it must be non-empty and not "." or "..". */
export function requirePathId(parameterName: string, fieldLabel: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = this.getNodeParameter(parameterName, '', { extractValue: true });
		const problem = pathSegmentProblem(value);
		if (problem) throw fieldError(this, fieldLabel, problem);
		return requestOptions;
	};
}

export function requireE164(parameterName: string, fieldLabel: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = String(this.getNodeParameter(parameterName, '') ?? '').trim();
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
			throw fieldError(this, ADDITIONAL_BODY_FIELDS_LABEL, 'must be a JSON object, e.g. {"field": "value"}');
		}
		const body = (isPlainObject(requestOptions.body) ? requestOptions.body : {}) as IDataObject;
		for (const [key, value] of Object.entries(extra)) setAtPath(body, key, value);
		requestOptions.body = body;
		return requestOptions;
	};
}

export const INCLUDE_ENVELOPE_PARAMETER = 'options.includeResponseEnvelope';

/** Outputs the response's `data` payload, or the whole envelope when the user asks for it. */
export const unwrapEnvelope: PostReceiveAction = async function (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	_response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const keepEnvelope = this.getNodeParameter(INCLUDE_ENVELOPE_PARAMETER, false) as boolean;
	const pairedItem = { item: this.getItemIndex() };
	return items.map(({ json }) => {
		const payload = !keepEnvelope && isPlainObject(json) && isPlainObject(json.data) ? json.data : json;
		return { json: payload as IDataObject, pairedItem };
	});
};

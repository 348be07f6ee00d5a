import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { preSendStep } from '../transport';
import { requestBody } from './bodyFields';
import { fieldError } from '../shared/errors';
import { forbiddenKeyProblem, isPlainObject, setAtPath } from '../shared/objectPaths';
import { parseJson } from '../shared/validators';

const LABEL = 'Additional Body Fields';

/**
 * The escape hatch of one request: a JSON object of further body fields (dotted keys reach into
 * nested objects), checked so that no key can reach a prototype. Undefined when it is empty.
 */
export function readAdditionalBodyFields(
	context: IExecuteSingleFunctions,
	parameterName: string,
	expected = 'a JSON object',
): Record<string, unknown> | undefined {
	const parsed = parseJson(context.getNodeParameter(parameterName, ''));
	if ('problem' in parsed) throw fieldError(context, LABEL, parsed.problem);
	if (parsed.value === undefined) return undefined;
	if (!isPlainObject(parsed.value)) {
		throw fieldError(context, LABEL, `must be ${expected}, e.g. {"field": "value"}`);
	}
	const problem = forbiddenKeyProblem(parsed.value);
	if (problem) throw fieldError(context, LABEL, problem);
	return parsed.value;
}

/** Merges the escape hatch into the JSON body last, so it can add or override any field. */
function mergeAdditionalBodyFields(parameterName: string) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const fields = readAdditionalBodyFields(this, parameterName);
		const body = requestBody(requestOptions);
		for (const [key, value] of Object.entries(fields ?? {})) {
			const problem = setAtPath(body, key, value);
			if (problem) throw fieldError(this, LABEL, problem);
		}
		return requestOptions;
	};
}

/** The escape hatch's form field; how it is sent is the operation's. */
function escapeHatchField(description: string): INodeProperties {
	return {
		displayName: LABEL,
		name: 'additionalBodyFields',
		type: 'json',
		default: '{}',
		description,
	};
}

/** The escape hatch of a JSON body, in the collection `collectionName`: merged into the body last. */
export function additionalBodyFieldsOption(collectionName: string): INodeProperties {
	return {
		...escapeHatchField(
			'JSON object merged into the request body last: adds fields the form does not offer or overrides any field. Keys may be dotted paths, e.g. {"touchpoint.additional_settings.delay": 5}.',
		),
		routing: {
			send: {
				preSend: [preSendStep(mergeAdditionalBodyFields(`${collectionName}.additionalBodyFields`))],
			},
		},
	};
}

/** The escape hatch of a multipart form: declared only, the operation's form assembly reads it. */
export function additionalFormFieldsOption(description: string): INodeProperties {
	return escapeHatchField(description);
}

/**
 * The "Additional Fields" collection of one operation, ending with the escape hatch. Each operation's
 * collection has its own parameter name: n8n's routing engine evaluates, for every item, the value
 * stored under each property's name, so collections sharing one name would evaluate the same
 * expressions once per collection.
 */
export function additionalFieldsCollection(
	name: string,
	show: Record<string, string[]>,
	options: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		// No routing on the collection itself: n8n would then evaluate the whole collection for every
		// item. The escape hatch comes last so that its step, which runs only when it is set, runs last.
		options: [...options, additionalBodyFieldsOption(name)],
	};
}

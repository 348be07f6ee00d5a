import type { IDataObject } from 'n8n-workflow';

import type { Field, ItemForm } from '../actions/operation';
import { forbiddenKeyProblem, isPlainObject, setAtPath } from '../shared/objectPaths';
import { parseJson } from '../shared/validators';

const LABEL = 'Additional Body Fields';

/** The escape hatch: a JSON object of further body fields (dotted keys), none reaching a prototype. */
export function readAdditionalBodyFields(
	form: ItemForm,
	path: string,
	expected = 'a JSON object',
): Record<string, unknown> | undefined {
	const parsed = parseJson(form.value(path, ''));
	if ('problem' in parsed) throw form.error(LABEL, parsed.problem);
	if (parsed.value === undefined) return undefined;
	if (!isPlainObject(parsed.value)) {
		throw form.error(LABEL, `must be ${expected}, e.g. {"field": "value"}`);
	}
	const problem = forbiddenKeyProblem(parsed.value);
	if (problem) throw form.error(LABEL, problem);
	return parsed.value;
}

/** Merged last, so it can add or override any field. */
function mergeAdditionalBodyFields(body: IDataObject, form: ItemForm, path: string): void {
	for (const [key, value] of Object.entries(readAdditionalBodyFields(form, path) ?? {})) {
		const problem = setAtPath(body, key, value);
		if (problem) throw form.error(LABEL, problem);
	}
}

/** The escape hatch's form field; a multipart operation reads it itself. */
export function additionalBodyFieldsOption(description: string): Field {
	return {
		displayName: LABEL,
		name: 'additionalBodyFields',
		type: 'json',
		default: '{}',
		description,
	};
}

/** An operation's Additional Fields, ending with the escape hatch; `name` is saved in workflows. */
export function additionalFieldsCollection(
	name: string,
	show: Record<string, string[]>,
	options: Field[],
): Field {
	const escapeHatch: Field = {
		...additionalBodyFieldsOption(
			'JSON object merged into the request body last: adds fields the form does not offer or overrides any field. Keys may be dotted paths, e.g. {"touchpoint.additional_settings.delay": 5}.',
		),
		send: { build: mergeAdditionalBodyFields },
	};
	return {
		displayName: 'Additional Fields',
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [...options, escapeHatch],
	};
}

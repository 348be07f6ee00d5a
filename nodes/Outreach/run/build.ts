import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INodeParameters,
	INodeProperties,
} from 'n8n-workflow';

import type { Field, ItemForm, Operation } from '../actions/operation';
import { fieldError } from '../shared/errors';
import { deleteAtPath, getAtPath, isPlainObject, setAtPath } from '../shared/objectPaths';
import { pathSegment } from '../shared/validators';

/** An item's request as its form builds it, and the recipient's time zone for Calling Hours. */
export interface BuiltRequest {
	request: IHttpRequestOptions & { url: string };
	recipientZone?: unknown;
}

function itemForm(context: IExecuteFunctions, index: number): ItemForm {
	return {
		context,
		index,
		value: (path, fallback) => context.getNodeParameter(path, index, fallback),
		error: (field, problem, hint) => fieldError(context.getNode(), field, problem, hint, index),
	};
}

/** Whether a field shows: a shared field may be hidden for one operation, or by another field. */
function shows(field: INodeProperties, parameters: INodeParameters): boolean {
	const { show, hide } = field.displayOptions ?? {};
	const matches = ([key, values]: [string, unknown]) =>
		(values as unknown[]).includes(parameters[key]);
	return Object.entries(show ?? {}).every(matches) && !Object.entries(hide ?? {}).some(matches);
}

type Step = () => void | Promise<void>;

/** Sets each shown field's value at its body path, in form order, and lists its later steps. */
function setValues(
	fields: Field[],
	prefix: string,
	stored: INodeParameters,
	form: ItemForm,
	body: IDataObject,
	steps: Step[],
): void {
	for (const field of fields) {
		if (!shows(field, stored)) continue;
		const path = `${prefix}${field.name}`;
		const { to, check, build } = field.send ?? {};
		if (to) {
			const problem = setAtPath(body, to, form.value(path));
			if (problem) throw form.error(field.displayName, problem);
		}
		if (to && check) {
			steps.push(() => {
				const result = check(getAtPath(body, to), form);
				if ('problem' in result) throw form.error(field.displayName, result.problem, result.hint);
				if (result.value === undefined) return deleteAtPath(body, to);
				const problem = setAtPath(body, to, result.value);
				if (problem) throw form.error(field.displayName, problem);
			});
		}
		if (build) steps.push(async () => await build(body, form, path));
		if (field.type === 'collection') {
			const added = stored[field.name];
			const names = isPlainObject(added) ? Object.keys(added) : [];
			const options = (field.options as Field[]).filter((option) => names.includes(option.name));
			setValues(options, `${path}.`, {}, form, body, steps);
		}
	}
}

/** Fills the path's placeholders: each ID checked, trimmed and encoded as exactly one segment. */
function fillPath(operation: Operation, form: ItemForm, body: IDataObject): string {
	let url = operation.request.path;
	for (const [placeholder, { field, alsoInBody }] of Object.entries(operation.request.ids ?? {})) {
		const checked = pathSegment(
			form.context.getNodeParameter(field.name, form.index, '', { extractValue: true }),
		);
		if ('problem' in checked) {
			throw form.error(
				field.displayName,
				checked.problem,
				'The ID becomes one part of the request’s path; it is sent trimmed and URL-encoded.',
			);
		}
		const segment = encodeURIComponent(checked.id);
		url = url.replace(`{${placeholder}}`, () => segment);
		if (alsoInBody) body[alsoInBody] = checked.id;
	}
	return url;
}

/** One item's request: constant body fields, every field's value, the path's IDs, then the steps. */
export async function buildRequest(
	context: IExecuteFunctions,
	operation: Operation,
	index: number,
): Promise<BuiltRequest> {
	const form = itemForm(context, index);
	const { method, body: constant, form: multipart } = operation.request;
	const body: IDataObject = { ...constant };
	const steps: Step[] = [];
	setValues(operation.fields, '', context.getNode().parameters, form, body, steps);
	const url = fillPath(operation, form, body);
	const formData = multipart ? await multipart(form) : undefined;
	for (const step of steps) await step();
	const zone = operation.write?.callingHours?.recipientZone;
	return {
		request: {
			method,
			url,
			qs: {},
			headers: { Accept: 'application/json' },
			body: formData ?? body,
			json: !formData,
		},
		recipientZone: zone === undefined ? undefined : form.value(zone, ''),
	};
}

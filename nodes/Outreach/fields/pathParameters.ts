import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { requestBody } from './bodyFields';
import { fieldError } from '../shared/errors';
import { pathSegment } from '../shared/validators';

/** A `{placeholder}` of an operation's path and the field that fills it. */
export interface PathParameter {
	field: INodeProperties;
	/** The service also wants the same value in the JSON body under this key. */
	alsoInBody?: string;
}

/**
 * Fills the path's placeholders from their fields: each value is checked and trimmed once, encoded as
 * exactly one path segment, and that same value goes into the body where the service repeats it.
 */
export function fillPathParameters(parameters: Record<string, PathParameter>) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		for (const [placeholder, { field, alsoInBody }] of Object.entries(parameters)) {
			const checked = pathSegment(this.getNodeParameter(field.name, '', { extractValue: true }));
			if ('problem' in checked) {
				throw fieldError(
					this,
					field.displayName,
					checked.problem,
					'The ID becomes one part of the request’s path; it is sent trimmed and URL-encoded.',
				);
			}
			const segment = encodeURIComponent(checked.id);
			requestOptions.url = requestOptions.url.replace(`{${placeholder}}`, () => segment);
			if (alsoInBody) requestBody(requestOptions)[alsoInBody] = checked.id;
		}
		return requestOptions;
	};
}

/**
 * A required ID field that fills a path placeholder (it has no routing of its own: the operation's
 * path step reads it). With `searchListMethod` it offers a searchable "From List" beside "By ID".
 */
export function idField(options: {
	name: string;
	displayName: string;
	description: string;
	/** Where the field shows; one field may serve several operations of a resource. */
	show: Record<string, string[]>;
	placeholder?: string;
	searchListMethod?: string;
}): INodeProperties {
	const { name, displayName, description, show, placeholder, searchListMethod } = options;
	const input: Pick<INodeProperties, 'type' | 'default' | 'placeholder' | 'modes'> =
		searchListMethod
			? {
					type: 'resourceLocator',
					default: { mode: 'list', value: '' },
					modes: [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list',
							placeholder: `Select a ${displayName.replace(/ ID$/, '').toLowerCase()}...`,
							typeOptions: { searchListMethod, searchable: true },
						},
						{ displayName: 'By ID', name: 'id', type: 'string', placeholder },
					],
				}
			: { type: 'string', default: '', placeholder };
	return { displayName, name, ...input, required: true, description, displayOptions: { show } };
}

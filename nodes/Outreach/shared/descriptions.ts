import type { INodeProperties } from 'n8n-workflow';

import { paginateByPage } from './pagination';
import { requirePathId, unwrapEnvelope } from './routing';

/** Output options of every operation that returns one record (all but the lists). */
export const outputOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { hide: { operation: ['getAll'] } },
	options: [
		{
			displayName: 'Include Response Envelope',
			name: 'includeResponseEnvelope',
			type: 'boolean',
			default: false,
			description:
				'Whether to output the whole response (ctx_id, message and data) instead of only its data',
		},
	],
	routing: { output: { postReceive: [unwrapEnvelope] } },
};

/** The escape hatch offered in the Additional Fields of every create and update. */
export const additionalBodyFieldsOption: INodeProperties = {
	displayName: 'Additional Body Fields',
	name: 'additionalBodyFields',
	type: 'json',
	default: '{}',
	description:
		'JSON object merged into the request body last: adds fields the form does not offer or overrides any field. Keys may be dotted paths, e.g. {"touchpoint.additional_settings.delay": 5}.',
};

/** Return All and Limit, shared by every list operation; both hand paging to paginateByPage. */
export const listFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show: { operation: ['getAll'] } },
		routing: {
			send: { paginate: true },
			operations: { pagination: paginateByPage },
		},
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { operation: ['getAll'], returnAll: [false] } },
	},
];

/**
 * A required ID used as one path segment of the operation's URL: `{prefix}{encoded id}{suffix}`.
 * The URL sits on the field so that it is built from the ID the user gave, encoded once.
 */
export function pathIdField(options: {
	name: string;
	displayName: string;
	description: string;
	show: Record<string, string[]>;
	urlPrefix: string;
	urlSuffix?: string;
	placeholder?: string;
	/** Also send the ID in the body under this key. */
	bodyProperty?: string;
	/** Offer a "From List" picker filled by this list search method, beside "By ID". */
	searchListMethod?: string;
}): INodeProperties {
	const { name, displayName, description, show, urlPrefix, urlSuffix = '', placeholder, bodyProperty, searchListMethod } =
		options;
	const input: Pick<INodeProperties, 'type' | 'default' | 'placeholder' | 'modes'> = searchListMethod
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
	return {
		displayName,
		name,
		...input,
		required: true,
		description,
		displayOptions: { show },
		routing: {
			request: { url: `=${urlPrefix}{{ encodeURIComponent(String($value).trim()) }}${urlSuffix}` },
			send: {
				preSend: [requirePathId(name, displayName)],
				...(bodyProperty ? { type: 'body' as const, property: bodyProperty } : {}),
			},
		},
	};
}

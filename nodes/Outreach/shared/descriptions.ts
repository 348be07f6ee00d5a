import type { INodeProperties } from 'n8n-workflow';

import { paginateByPage } from './pagination';
import { mergeAdditionalBodyFields, requirePathId, unwrapEnvelope } from './routing';

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
 * The URL is built where the ID is checked, from the ID the user gave, encoded once.
 */
export function pathIdField(options: {
	name: string;
	displayName: string;
	description: string;
	/** Where the field shows; one field may serve several operations of a resource. */
	show: Record<string, string[]>;
	urlPrefix: string;
	urlSuffix?: string;
	placeholder?: string;
	/** Also send the ID in the body under this key. */
	bodyProperty?: string;
	/** Offer a "From List" picker filled by this list search method, beside "By ID". */
	searchListMethod?: string;
}): INodeProperties {
	const {
		name,
		displayName,
		description,
		show,
		urlPrefix,
		urlSuffix = '',
		placeholder,
		bodyProperty,
		searchListMethod,
	} = options;
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
	return {
		displayName,
		name,
		...input,
		required: true,
		description,
		displayOptions: { show },
		routing: {
			send: {
				preSend: [requirePathId(name, displayName, urlPrefix, urlSuffix)],
				...(bodyProperty ? { type: 'body' as const, property: bodyProperty } : {}),
			},
		},
	};
}

/**
 * The "Additional Fields" collection of one operation, with the escape hatch. Each operation's
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
		// No routing on the collection itself: n8n would then evaluate the whole collection for every item.
		// The escape hatch comes last so that its preSend, which runs only when it is set, merges last.
		options: [...options, additionalBodyFieldsOption(name)],
	};
}

/** The escape hatch offered in the Additional Fields of every create and update. */
function additionalBodyFieldsOption(collectionName: string): INodeProperties {
	return {
		displayName: 'Additional Body Fields',
		name: 'additionalBodyFields',
		type: 'json',
		default: '{}',
		description:
			'JSON object merged into the request body last: adds fields the form does not offer or overrides any field. Keys may be dotted paths, e.g. {"touchpoint.additional_settings.delay": 5}.',
		routing: {
			send: { preSend: [mergeAdditionalBodyFields(`${collectionName}.additionalBodyFields`)] },
		},
	};
}

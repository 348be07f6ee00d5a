import type { INodeProperties } from 'n8n-workflow';

/**
 * Return All and Limit, shown for every list operation, and the output option of every other
 * operation. The operations' transport (transport/runOperation.ts) reads them.
 */
export const outputFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show: { operation: ['getAll'] } },
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
	{
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
	},
];

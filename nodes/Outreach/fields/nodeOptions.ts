import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_CONCURRENT_REQUESTS,
	DEFAULT_MAX_LIST_PAGES,
	DEFAULT_RATE_LIMIT_WAIT_SECONDS,
	LIST_PAGE_SIZE,
} from '../shared/constants';

/**
 * Options → Max Pages: how far a list is read, by Get Many's Return All and by each poll of the
 * trigger (`description` says which). The transport reads it (maxPagesOption).
 */
export function maxPagesField(description: string): INodeProperties {
	return {
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: DEFAULT_MAX_LIST_PAGES,
		description,
	};
}

/**
 * Return All and Limit, shown for every list operation, and the options of every operation: what the
 * output holds, and how the node's run sends its requests. The transport (transport/run/runOptions.ts)
 * reads them.
 */
export const nodeOptionFields: INodeProperties[] = [
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
		options: [
			{
				displayName: 'Allow Identical Repeats',
				name: 'allowRepeats',
				type: 'boolean',
				default: false,
				description:
					'Whether to place a call or campaign again when an identical one (same request) was already placed in this execution, e.g. calling again after a Wait node. Off: the repeat is not sent, and its output is the earlier answer marked "repeated".',
				displayOptions: {
					show: { '/resource': ['call', 'campaign'], '/operation': ['make', 'create'] },
				},
			},
			{
				displayName: 'Include Response Envelope',
				name: 'includeResponseEnvelope',
				type: 'boolean',
				default: false,
				description:
					'Whether to output the whole response (ctx_id, message and data) instead of only its data',
				displayOptions: { hide: { '/operation': ['getAll'] } },
			},
			{
				displayName: 'Max Concurrent Requests',
				name: 'maxConcurrentRequests',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: DEFAULT_CONCURRENT_REQUESTS,
				description:
					'Most requests this node has in flight at once, sent in input order. When the service answers 429 Too Many Requests, the node waits as asked and sends fewer at once.',
			},
			{
				...maxPagesField(
					`Most pages of ${LIST_PAGE_SIZE} records Return All reads; a longer list fails instead of paging on`,
				),
				displayOptions: { show: { '/operation': ['getAll'], '/returnAll': [true] } },
			},
			{
				displayName: 'Max Wait for Rate Limits (Seconds)',
				name: 'maxRateLimitWait',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: DEFAULT_RATE_LIMIT_WAIT_SECONDS,
				description:
					'How long one request may wait in all while the service answers 429 Too Many Requests. A refused request did nothing, so it is sent again once the service’s wait has passed; beyond this bound the item fails.',
			},
			{
				displayName: 'Resend After Unknown Outcome',
				name: 'resendUnknownOutcome',
				type: 'boolean',
				default: false,
				description:
					'Whether a request that changes data and failed without a clear answer (a 5xx, a timeout, an answer that is not the service’s) may be sent again: by Settings → Retry On Fail, or as an identical request later in the execution. It may have taken effect: a call may then be placed twice. Off: the item ends as an error saying so.',
				displayOptions: { hide: { '/operation': ['get', 'getAll'] } },
			},
		],
	},
];

import type { INode, INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_CONCURRENT_REQUESTS,
	DEFAULT_MAX_LIST_PAGES,
	DEFAULT_REQUEST_TIMEOUT_MS,
	DEFAULT_RATE_LIMIT_WAIT_SECONDS,
	DEFAULT_SKIP_WINDOW_HOURS,
	LIST_PAGE_SIZE,
} from '../shared/constants';
import { fieldError } from '../shared/errors';
import { wholeNumber } from '../shared/validators';

/** Options → Max Pages, of Return All and of the trigger's polls. */
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

/** A whole-number setting of at least `least`, or an error naming it. */
export function wholeSetting(node: INode, value: unknown, label: string, least: number): number {
	const number = wholeNumber(value);
	if (number === undefined || number < least) {
		throw fieldError(node, label, `"${String(value)}" is not a whole number of at least ${least}`);
	}
	return number;
}

export function maxPages(node: INode, value: unknown): number {
	return wholeSetting(node, value ?? DEFAULT_MAX_LIST_PAGES, 'Max Pages', 1);
}

/** Shown for Call → Make and Campaign → Create, which place calls and campaigns. */
const forPlacing = {
	show: { '/resource': ['call', 'campaign'], '/operation': ['make', 'create'] },
};

/** Return All and Limit, and the Options of every operation (read by run/settings.ts). */
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
				displayOptions: forPlacing,
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
				displayName: 'Max Wait for Rate Limits',
				name: 'maxRateLimitWait',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: DEFAULT_RATE_LIMIT_WAIT_SECONDS,
				description:
					'Seconds one request may wait in all while the service answers 429 Too Many Requests. A refused request did nothing, so it is sent again once the service’s wait has passed; beyond this bound the item fails.',
			},
			{
				displayName: 'Resend After Unknown Outcome',
				name: 'resendUnknownOutcome',
				type: 'boolean',
				default: false,
				description:
					'Whether a request that changes data and failed without a clear answer (a 5xx, a timeout, an answer that is not the service’s) may be sent again: by Settings → Retry On Fail, by n8n’s Retry of the execution, or as an identical request later in the execution (a call or campaign in another execution also needs Skip Leads Called Within at 0). It may have taken effect: a call may then be placed twice. Off: the item ends as an error saying so.',
				displayOptions: { hide: { '/operation': ['get', 'getAll'] } },
			},
			{
				displayName: 'Skip Leads Called Within',
				name: 'skipLeadsCalledWithin',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: DEFAULT_SKIP_WINDOW_HOURS,
				description:
					'Hours: a lead this node called or messaged within this many hours, in any execution (a webhook delivered twice, a Retry, another queue-mode worker), is skipped: its output says when. Kept in n8n’s own database, for this node, in steps of a quarter of this time: a lead reached up to a quarter longer ago may be skipped too, so a schedule that calls the same people every day sets 18. 0: never skip, e.g. to call your own number again while testing.',
				displayOptions: forPlacing,
			},
		],
	},
];

/** Settings → Request Options, as n8n offered them while the node was declarative, still honoured. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batching',
			name: 'batching',
			placeholder: 'Add Batching',
			type: 'fixedCollection',
			typeOptions: { multipleValues: false },
			default: { batch: {} },
			options: [
				{
					displayName: 'Batching',
					name: 'batch',
					values: [
						{
							displayName: 'Items per Batch',
							name: 'batchSize',
							type: 'number',
							typeOptions: { minValue: -1 },
							default: 50,
							description:
								'Input will be split in batches to throttle requests. -1 for disabled. 0 will be treated as 1.',
						},
						{
							displayName: 'Batch Interval (Milliseconds)',
							name: 'batchInterval',
							type: 'number',
							typeOptions: { minValue: 0 },
							default: 1000,
							description: 'Time (in milliseconds) between each batch of requests. 0 for disabled.',
						},
					],
				},
			],
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
		},
		{
			displayName: 'Proxy',
			name: 'proxy',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://myproxy:3128',
			description:
				'HTTP proxy the requests go through; with a user name and password: http://username:password@myproxy:3128',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: DEFAULT_REQUEST_TIMEOUT_MS,
			description:
				'Most time in milliseconds for one request’s complete answer; past it, a request that changes data has an unknown outcome and is not sent again',
		},
	],
};

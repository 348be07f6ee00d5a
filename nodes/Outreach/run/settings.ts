import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import {
	DEFAULT_CONCURRENT_REQUESTS,
	DEFAULT_RATE_LIMIT_WAIT_SECONDS,
	DEFAULT_REQUEST_TIMEOUT_MS,
	DEFAULT_SKIP_WINDOW_HOURS,
} from '../shared/constants';
import { fieldError } from '../shared/errors';
import { wholeSetting } from '../fields/nodeOptions';

/** How one run of the node sends its items: its Options and Settings → Request Options. */
export interface RunSettings {
	continueOnFail: boolean;
	concurrency: number;
	maxWaitMs: number;
	allowRepeats: boolean;
	resendUnknown: boolean;
	/** Options → Skip Leads Called Within, in hours (0: off). */
	skipHours: number;
	batch?: { size: number; intervalMs: number };
	/** Timeout, Proxy, Ignore SSL Issues. */
	transport: Pick<IHttpRequestOptions, 'timeout' | 'proxy' | 'skipSslCertificateValidation'>;
}

interface RequestOptions {
	batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	proxy?: string;
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
}

/** Request Options → Proxy as n8n's HTTP helper takes it, e.g. http://user:secret@proxy:3128. */
function proxyOf(node: INode, text: string): IHttpRequestOptions['proxy'] {
	if (!URL.canParse(text))
		throw fieldError(node, 'Proxy', `"${text}" is not a URL such as http://myproxy:3128`);
	const url = new URL(text);
	if (!url.hostname || !url.port) {
		throw fieldError(node, 'Proxy', `"${text}" needs a host and a port, e.g. http://myproxy:3128`);
	}
	const { hostname: host, port, username, password } = url;
	const auth = { username: decodeURIComponent(username), password: decodeURIComponent(password) };
	const protocol = url.protocol.replace(/:$/, '');
	return { host, port: Number(port), protocol, ...(username ? { auth } : {}) };
}

/** The run's settings, read once from the first item, as n8n reads a node's settings. */
export function runSettings(context: IExecuteFunctions): RunSettings {
	const node = context.getNode();
	const option = (name: string, fallback: unknown) =>
		context.getNodeParameter(`options.${name}`, 0, fallback);
	const request = context.getNodeParameter('requestOptions', 0, {}) as RequestOptions;
	const { batchSize = 50, batchInterval = 1_000 } = request.batching?.batch ?? {};
	const proxy = String(request.proxy ?? '').trim();
	return {
		continueOnFail: context.continueOnFail(),
		concurrency: wholeSetting(
			node,
			option('maxConcurrentRequests', DEFAULT_CONCURRENT_REQUESTS),
			'Max Concurrent Requests',
			1,
		),
		maxWaitMs:
			wholeSetting(
				node,
				option('maxRateLimitWait', DEFAULT_RATE_LIMIT_WAIT_SECONDS),
				'Max Wait for Rate Limits',
				0,
			) * 1_000,
		allowRepeats: option('allowRepeats', false) === true,
		resendUnknown: option('resendUnknownOutcome', false) === true,
		skipHours: wholeSetting(
			node,
			option('skipLeadsCalledWithin', DEFAULT_SKIP_WINDOW_HOURS),
			'Skip Leads Called Within',
			0,
		),
		batch:
			request.batching && batchSize >= 0 && batchInterval > 0
				? { size: Math.max(1, batchSize), intervalMs: batchInterval }
				: undefined,
		transport: {
			// Empty or 0, a number or text: the default.
			timeout:
				Number(request.timeout ?? 0) === 0
					? DEFAULT_REQUEST_TIMEOUT_MS
					: wholeSetting(node, request.timeout, 'Timeout', 1),
			...(proxy ? { proxy: proxyOf(node, proxy) } : {}),
			...(request.allowUnauthorizedCerts ? { skipSslCertificateValidation: true } : {}),
		},
	};
}

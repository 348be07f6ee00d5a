import type {
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import { outreachAuthorization } from '../../../../credentials/OutreachApi.credentials';
import { DEFAULT_REQUEST_TIMEOUT_MS, MAX_SAME_ORIGIN_REDIRECTS } from '../../shared/constants';
import { fieldError } from '../../shared/errors';
import { baseUrlProblem } from '../../shared/validators';
import type { Account } from './account';
import type { RequestEnd } from './requestEnds';
import { reachedService, transientFailure } from './resendPolicy';
import { serviceError } from './serviceError';

const BASE_URL_HINT = 'Fix the Base URL in the Outreach API credential.';

/** What the service answered to one request, whatever its status. */
export interface ServiceAnswer {
	status: number;
	contentType: string;
	body: unknown;
	/** How errors name the request, e.g. "GET /v2/_customers (page 2)". */
	label: string;
	retryAfter?: string;
}

/** A request that got no answer: the error to show, and what may have happened on the service. */
export class NoAnswer {
	constructor(
		readonly error: NodeApiError | NodeOperationError,
		/** False only when no connection was made: the request never left this machine. */
		readonly reachedService: boolean,
		/** The failure may pass: sending again later can succeed (not so when the timeout passed). */
		readonly transient: boolean,
	) {}
}

/** Rejects when the timeout passes first: a promise n8n does not abort still stops being waited on. */
async function beforeDeadline<T>(pending: Promise<T>, end: RequestEnd): Promise<T> {
	return await new Promise<T>((resolve, reject) => {
		end.onTimeout(reject);
		pending.then(resolve, reject);
	});
}

/** One HTTP exchange with the token (no other node can send it); n8n follows no redirect. */
async function exchange(
	account: Account,
	options: IHttpRequestOptions,
	end: RequestEnd,
): Promise<IN8nHttpFullResponse> {
	return (await beforeDeadline(
		account.http({
			...options,
			headers: { ...options.headers, Authorization: outreachAuthorization(account.token) },
			abortSignal: end.signal,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		}),
		end,
	)) as IN8nHttpFullResponse;
}

function header(headers: IDataObject | undefined, name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
}

/** The URL a request went to, joined as n8n's HTTP client joins a Base URL and a path. */
function absoluteUrl(options: IHttpRequestOptions): URL {
	if (!options.baseURL) return new URL(options.url);
	return new URL(`${options.baseURL.replace(/\/+$/, '')}/${options.url.replace(/^\/+/, '')}`);
}

/** Sends one request once: only a read follows a redirect, and only within the token's origin. */
export async function sendOnce(
	account: Account,
	request: IHttpRequestOptions,
	labelSuffix = '',
): Promise<ServiceAnswer | NoAnswer> {
	const method = request.method ?? 'GET';
	const label = `${method} ${request.url}${labelSuffix}`;
	const baseURL = account.baseUrl;
	const problem = baseUrlProblem(baseURL);
	if (problem)
		return new NoAnswer(fieldError(account.node, 'Base URL', problem, BASE_URL_HINT), false, false);

	const timeout = request.timeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
	const end = account.ends.begin(timeout);
	try {
		return await followWithin(account, { ...request, baseURL }, label, end, timeout);
	} finally {
		end.close();
	}
}

async function followWithin(
	account: Account,
	request: IHttpRequestOptions,
	label: string,
	end: RequestEnd,
	timeout: number,
): Promise<ServiceAnswer | NoAnswer> {
	const method = request.method ?? 'GET';
	const origin = new URL(account.baseUrl).origin;
	let options = request;
	for (let redirects = 0; ; redirects++) {
		// Stopped first: the request never leaves.
		if (account.cancel?.aborted) {
			const stopped = serviceError(
				account,
				`Not sent: the execution was stopped before ${label} was sent`,
				'Nothing was sent for this item.',
			);
			return new NoAnswer(stopped, false, false);
		}
		let response: IN8nHttpFullResponse;
		try {
			response = await exchange(account, options, end);
		} catch (error) {
			if (end.timedOut) {
				const noAnswer = serviceError(
					account,
					`No complete answer to ${label} within ${timeout / 1000} s`,
					'The service kept the request open without finishing its answer. If it is only slow, raise Settings → Request Options → Timeout.',
				);
				return new NoAnswer(noAnswer, true, false);
			}
			const { message, description, httpCode, cause } = error as NodeApiError;
			const failure = serviceError(
				account,
				String(message),
				description ?? undefined,
				httpCode ? Number(httpCode) : undefined,
			);
			const code = (cause as { code?: unknown } | undefined)?.code;
			return new NoAnswer(failure, reachedService(code), transientFailure(code));
		}
		const location = header(response.headers, 'location');
		const status = response.statusCode;
		if (status < 300 || status >= 400 || !location) {
			const contentType = (header(response.headers, 'content-type') ?? '').split(';')[0].trim();
			const retryAfter = header(response.headers, 'retry-after');
			return { status, contentType, body: response.body, label, retryAfter };
		}
		const target = new URL(location, absoluteUrl(options));
		if (method !== 'GET' || target.origin !== origin) {
			throw serviceError(
				account,
				`The service redirected ${label} to ${target.href}, which this node does not follow`,
				`The access token is only sent to the Base URL's origin (${origin}), and a request that changes data is never re-sent elsewhere. If the service has moved, change the Base URL in the credential.`,
				status,
			);
		}
		if (redirects >= MAX_SAME_ORIGIN_REDIRECTS) {
			throw serviceError(
				account,
				`The service redirected ${label} too many times (${redirects})`,
				`Last redirect: ${status} to ${target.href}`,
				status,
			);
		}
		options = { ...options, baseURL: undefined, qs: undefined, url: target.href };
	}
}

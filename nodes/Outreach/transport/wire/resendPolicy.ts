/**
 * When a request is sent again, and after how long. Pure: the transport's delivery loop asks.
 *
 * - 429 Too Many Requests: the service refused the request and did nothing, so any request, reads and
 *   writes alike, is sent again after the wait the service asks for (Retry-After in seconds or as an
 *   HTTP date), or after an exponential backoff with jitter when it asks for none.
 * - 5xx, 408 and a connection that broke: the service may have acted on the request. A read is sent
 *   again a few times; a request that changes data never is.
 * - A connection that was never made (refused, unreachable): nothing reached the service, so any
 *   request is sent again a few times.
 * - Any other failure (a certificate, a protocol error, a host that does not exist) is final.
 */

import { MAX_BACKOFF_MS } from '../../shared/constants';

/** What an answer (or its absence) means for sending the request again. */
type Resend = 'refused' | 'unknown' | 'final';

export function resendOfStatus(status: number): Resend {
	if (status === 429) return 'refused';
	if (status === 408 || status >= 500) return 'unknown';
	return 'final';
}

/** Error codes of a connection that was never made: the request did not leave this machine. */
const UNREACHED_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

/** Error codes of failures that may pass: a connection refused or broken, a name not resolved yet. */
const TRANSIENT_CODES = new Set([
	'ECONNREFUSED',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ECONNRESET',
	'ECONNABORTED',
	'EPIPE',
	'ETIMEDOUT',
]);

export function reachedService(code: unknown): boolean {
	return !(typeof code === 'string' && UNREACHED_CODES.has(code));
}

export function transientFailure(code: unknown): boolean {
	return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/**
 * The wait a Retry-After header asks for, in ms: whole seconds, or an HTTP date (a date in the past
 * is no wait). Undefined when there is no header or it is neither.
 */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
	const text = header?.trim();
	if (!text) return undefined;
	if (/^\d+$/.test(text)) return Number(text) * 1_000;
	// An HTTP date names its weekday and month; a bare number of another form is not one.
	if (!/[a-z]/i.test(text)) return undefined;
	// HTTP dates are in GMT; the obsolete asctime form says so nowhere.
	const date = Date.parse(/GMT|UTC/i.test(text) ? text : `${text} GMT`);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The `count`th backoff (from 1): `firstMs` doubled each time up to MAX_BACKOFF_MS, of which a
 * random half to whole is taken, so that items refused together do not come back together.
 */
export function backoffMs(count: number, firstMs: number, random: () => number): number {
	const ceiling = Math.min(MAX_BACKOFF_MS, firstMs * 2 ** Math.max(0, count - 1));
	return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * When a request is sent again, and after how long:
 * - 429: refused, nothing done: any request, after Retry-After or a backoff with jitter.
 * - 5xx, 408, a broken connection: it may have been acted on: a read, a few times; never a write.
 * - A connection never made: nothing reached the service: any request, a few times.
 * - Any other failure (a certificate, a protocol error, an unknown host) is final.
 */

import { MAX_BACKOFF_MS } from '../../shared/constants';

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

/** The wait a Retry-After header asks for, in ms: whole seconds, or an HTTP date. */
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

/** The `count`th backoff: `firstMs` doubled each time, a random half to whole of it (jitter). */
export function backoffMs(count: number, firstMs: number, random: () => number): number {
	const ceiling = Math.min(MAX_BACKOFF_MS, firstMs * 2 ** Math.max(0, count - 1));
	return Math.round(ceiling * (0.5 + random() / 2));
}

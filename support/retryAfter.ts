/** How a refusal says when to come back: `Retry-After` in seconds, as an HTTP date, or not at all. */
export type RetryAfterStyle = 'seconds' | 'date' | 'none';

/** The Retry-After header of a refusal whose caller should wait `waitMs`, in `style`. */
export function retryAfterHeader(waitMs: number, style: RetryAfterStyle): Record<string, string> {
	if (style === 'seconds') return { 'retry-after': String(Math.ceil(waitMs / 1_000)) };
	// An HTTP date has whole seconds: round up, so the date is never before the wait is over.
	if (style === 'date') {
		const at = Math.ceil((Date.now() + waitMs) / 1_000) * 1_000;
		return { 'retry-after': new Date(at).toUTCString() };
	}
	return {};
}

/**
 * A second's requests go from within this time of its start, or one alone, the others waiting for the
 * next second: where the service's windows begin is known only to be clear of the seconds' starts, and
 * a second's requests sent later in it may run into the service's next window.
 */
const FIRST_REQUEST_WITHIN_MS = 100;

/** A request's place in the seconds a budget counts. */
export interface Place {
	/** When it went. */
	at: number;
	/** Its place in its second's budget (1 for the first), or 0 when it was not sent by the second. */
	order: number;
	/** How many times the seconds had been counted afresh when it went. */
	recounts: number;
	/** Sent to find where the service's windows begin. */
	edge: boolean;
	/** Sent beyond what the service admitted in full a second. */
	beyond: boolean;
}

/** The place of a request sent at `at`, the seconds counted afresh `recounts` times. */
export function place(
	at: number,
	recounts: number,
	{ order = 0, edge = false, beyond = false } = {},
): Place {
	return { at, order, recounts, edge, beyond };
}

/**
 * Seconds counted from the moment a service's budget was last back, as `SecondBudget` counts them.
 */
export class Seconds {
	/** When the first second begins. */
	from = 0;
	/** Bumped each time the seconds are counted afresh: a refusal of a request sent before says nothing new. */
	recounts = 0;

	/** Counts the seconds afresh from `at`. */
	restart(at: number): void {
		this.from = at;
		this.recounts++;
	}

	/** When the second `second` begins. */
	startOf(second: number): number {
		return this.from + second * 1_000;
	}

	/** The second `now` is in. */
	at(now: number): number {
		return Math.floor((now - this.from) / 1_000);
	}

	/** When the second after the one `now` is in begins (the first second, before it). */
	startOfNext(now: number): number {
		return Math.max(this.from, this.startOf(this.at(now) + 1));
	}

	/** Whether `now` is too late in its second, `second`, for that second's requests to go at once. */
	late(now: number, second: number): boolean {
		return now - this.startOf(second) > FIRST_REQUEST_WITHIN_MS;
	}
}

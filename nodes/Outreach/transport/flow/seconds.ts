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

/** What went in the seconds a budget counts: how many in the latest second, and when the last went. */
export class Tally {
	/** The second the latest request went in; -1 once the seconds are counted afresh. */
	second = -1;
	/** How many went in that second. */
	count = 0;
	/** When the last request of the second before that one went. */
	lastBefore = 0;
	/** Whether that second's first request went late in it: the others wait for the next second. */
	begunLate = false;
	private last = 0;

	constructor(private readonly seconds: Seconds) {}

	/** The seconds are counted afresh: the latest second is none of theirs. */
	restart(): void {
		this.second = -1;
	}

	/** How many went in the second `second`. */
	in(second: number): number {
		return second === this.second ? this.count : 0;
	}

	/** A request goes now: its order in its second, and whether a second without requests came before. */
	add(now: number): { order: number; gap: boolean } {
		const second = this.seconds.at(now);
		let gap = false;
		if (second !== this.second) {
			gap = this.second >= 0 && second > this.second + 1;
			this.second = second;
			this.count = 0;
			this.lastBefore = this.last;
			this.begunLate = this.seconds.late(now, second);
		}
		this.last = now;
		return { order: ++this.count, gap };
	}

	/**
	 * The seconds were counted afresh from just after `edge`: the requests that went at `sends` count
	 * in the second `now` is in (the first holds those from `edge` on).
	 */
	resume(now: number, edge: number, sends: number[]): void {
		this.second = Math.max(0, this.seconds.at(now));
		const from = this.second === 0 ? edge : this.seconds.startOf(this.second);
		const inSecond = sends.filter((at) => at >= from);
		this.count = inSecond.length;
		this.last = sends.at(-1) ?? 0;
		this.lastBefore = sends.filter((at) => at < from).at(-1) ?? 0;
		this.begunLate = inSecond.length > 0 && this.seconds.late(inSecond[0], this.second);
	}
}

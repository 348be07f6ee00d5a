/**
 * Requests one per interval, for a service that does not take a second's budget at once (a bucket
 * that refills by the request). A refusal cuts the service's wait to ten intervals when that is
 * shorter (a Retry-After in whole seconds often asks far more than a budget that refills by the
 * request needs), and makes the pace a tenth slower (no faster than the service admitted in the last
 * second), once per wait the service asks; each further refusal meanwhile pauses twice as long.
 */
export class Pace {
	private nextSendAt = 0;
	/** Refusals before say nothing new: the service said its budget was spent until then. */
	private quietUntil = 0;
	private pauses = 0;

	/** `rate` a second, nothing before `pausedUntil`, the service having just asked to wait `waitMs`. */
	constructor(
		public rate: number,
		private pausedUntil: number,
		now: number,
		waitMs: number,
	) {
		this.spentFor(now, waitMs);
	}

	/** When the next request may go. */
	next(): number {
		return Math.max(this.pausedUntil, this.nextSendAt);
	}

	/** A request goes now: the next goes an interval later, at most one more when the gate fell behind. */
	sent(now: number): void {
		const interval = 1_000 / this.rate;
		this.nextSendAt = Math.max(this.nextSendAt, now - interval) + interval;
	}

	/**
	 * The service refused a request and asked to wait `waitMs`, having admitted `admitted` in the last
	 * second: whether that says something new.
	 */
	refused(now: number, waitMs: number, admitted: number): boolean {
		if (now < this.quietUntil) {
			this.pause(now, waitMs);
			return false;
		}
		this.rate = Math.max(0.1, Math.min(this.rate * 0.9, admitted || Infinity));
		this.spentFor(now, waitMs);
		return true;
	}

	/** A tenth faster, after a calm stretch. */
	grow(now: number): void {
		this.rate *= 1.1;
		this.nextSendAt = Math.min(this.nextSendAt, now + 1_000 / this.rate);
	}

	private spentFor(now: number, waitMs: number): void {
		this.quietUntil = now + waitMs;
		this.pauses = 0;
		this.pause(now, waitMs);
	}

	private pause(now: number, waitMs: number): void {
		const intervals = 10 * 2 ** this.pauses++;
		const until = now + Math.min(waitMs, (intervals * 1_000) / this.rate);
		this.pausedUntil = Math.max(this.pausedUntil, until);
		this.nextSendAt = Math.max(this.nextSendAt, this.pausedUntil);
	}
}

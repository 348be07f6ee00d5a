import { GROWTH_AFTER_ADMITTED, GROWTH_AFTER_MS } from '../../shared/constants';

/** Beyond this long into a second, its requests wait for the next: they might count in the service's next window. */
const SECOND_END_MS = 200;

/** While the service's window is looked for, one request goes this often. */
const EDGE_STEP_MS = 100;

/** What has been learned the service limits: nothing yet, how many at once, or how many a second. */
type Kind = 'none seen' | 'at once' | 'a second';

/**
 * The latest refusal before the service was read as limiting a second: when it came back, when its
 * request went, the wait the service asked, and what it had admitted of what was sent in the second
 * before (`budget`) and in the window the wait ends, when that is within a second (`inFull`).
 */
interface Refusal {
	now: number;
	sentAt: number;
	waitMs: number;
	budget: number;
	inFull: number;
}

/** What the limit needs to know of a request it let go, to learn from its answer. */
export interface Sent {
	at: number;
	/** Nothing else was in flight when it went, and nothing went before its answer. */
	alone: () => boolean;
	/** The request sent alone after the first refusals, to tell the kind of limit. */
	probe: boolean;
	/** Sent to find where the service's windows begin. */
	search: boolean;
	/** The seconds it was counted in (see `epoch`), and its place in its second's budget (1 for the first). */
	epoch: number;
	order: number;
}

/**
 * What one service account admits, learned from its refusals (429):
 *
 * - **Nothing refused yet**: the largest run's Max Concurrent Requests in flight, one more for each of
 *   those admitted.
 * - **The first refusals**: one fewer in flight for each (a burst of 25 against a service admitting 3
 *   at once leaves 3); then one request goes alone, once nothing else is in flight. Admitted: the service
 *   limits how many at once. Refused: it limits how many a second.
 * - **How many at once**: one fewer in flight per refusal. A request refused though it went alone
 *   means the service limits how many a second after all.
 * - **How many a second**: its budget is what it admitted of what was sent in the second before it
 *   refused alone. Seconds are counted from when it said its budget is back (an HTTP-date Retry-After
 *   marks its window's edge), and each second at most the budget goes, at its start (not in its last
 *   SECOND_END_MS): at once what the service admitted in full (at first, what the window that a wait
 *   within a second ends admitted: the second before may have spanned two), beyond it one at a time. A wait of exactly one second in whole seconds says only that the service's window
 *   ends within it: meanwhile one request every EDGE_STEP_MS looks for it, and the seconds begin
 *   when the first one admitted went. A refusal in the second half of a second's budget lowers the
 *   budget to what went before it; one earlier says the service's window still held the second before,
 *   and the seconds begin again when it said (an HTTP date), or a second after that second's last
 *   request. Refusals of requests sent before the seconds began again say nothing new.
 *
 * After a calm stretch (GROWTH_AFTER_MS and GROWTH_AFTER_ADMITTED admitted without a refusal, while at
 * least two seconds of requests wait) one more in flight, or a tenth more a second, is tried, so that a
 * limit that rises is found again; beyond the budget the service admitted in full, one request at a
 * time, so that its refusal costs one. Each step the service refuses doubles the stretch before the next.
 */
export class ServiceLimit {
	private kind: Kind = 'none seen';
	private allowedInFlight = 0;
	private largestRun = 0;
	private lastRefusal?: Refusal;
	private probe: 'none' | 'wanted' | 'sent' = 'none';
	/** When the requests admitted in the last second were sent. */
	private admittedSentAt: number[] = [];
	/** When the limit last changed, and how many were admitted since. */
	private changedAt = Date.now();
	private admittedSinceChange = 0;
	/** Requests admitted in all, and by the first refusal. */
	private admitted = 0;
	private admittedAtFirstRefusal = 0;
	/** Growth steps the service refused in a row, and when the last was taken. */
	private failedSteps = 0;
	private steppedAt = -1;
	/** How many a second may go, and how many of those the service admitted in one second. */
	private budget = 0;
	private admittedInFull = 0;
	/** When the seconds begin; `epoch` counts the times they began again. */
	private secondsFrom = 0;
	private epoch = 0;
	/** The latest second a request went in, how many went in it, and when the last of the one before went. */
	private second = -1;
	private sentInSecond = 0;
	private lastSent = 0;
	private lastOfSecondBefore = 0;
	/** While the service's window edge is looked for: until when, and when the last search request went. */
	private searchUntil = 0;
	private searchedAt = 0;

	/** A run joins with its own limit: until the service refuses, the largest run's limit holds. */
	joined(limit: number): void {
		this.largestRun = Math.max(this.largestRun, limit);
		if (this.kind !== 'at once') this.allowedInFlight = Math.max(this.allowedInFlight, limit);
	}

	/**
	 * Whether another request may go now with `inFlight` in flight: true, the moment it may, or false
	 * until an answer comes. `waiting` is how many requests wait, or will ask.
	 */
	allows(inFlight: number, now: number, waiting: number): boolean | number {
		if (this.probe === 'sent' || (this.probe === 'wanted' && inFlight > 0)) return false;
		// Every request since the first refusals was refused: the service's budget is spent.
		if (
			this.probe === 'wanted' &&
			this.admitted === this.admittedAtFirstRefusal &&
			this.lastRefusal
		)
			this.aSecond(this.lastRefusal);
		const atOnce = this.kind !== 'a second';
		if (inFlight >= this.allowedInFlight && !(atOnce && this.grow(now, waiting))) return false;
		if (atOnce) return true;
		if (now < this.searchUntil) {
			const at = this.searchedAt + EDGE_STEP_MS;
			return at <= now || Math.min(at, this.searchUntil);
		}
		if (now < this.secondsFrom) return this.secondsFrom;
		const second = Math.floor((now - this.secondsFrom) / 1_000);
		const nextSecond = this.secondsFrom + (second + 1) * 1_000;
		const sent = second === this.second ? this.sentInSecond : 0;
		if (sent >= this.budget) this.grow(now, waiting);
		if (sent >= this.budget || now > nextSecond - SECOND_END_MS) return nextSecond;
		// A slow answer does not hold back the next second's budget.
		return sent < this.admittedInFull || inFlight === 0 || nextSecond;
	}

	/** A request goes now, with `atOnce` in flight (itself included). */
	sent(now: number, atOnce: number, alone: () => boolean): Sent {
		const probe = this.probe === 'wanted';
		if (probe) this.probe = 'sent';
		const search = now < this.searchUntil;
		let order = 0;
		if (search) this.searchedAt = now;
		else if (this.kind === 'a second') {
			const second = Math.floor((now - this.secondsFrom) / 1_000);
			if (second !== this.second) {
				this.second = second;
				this.sentInSecond = 0;
				this.lastOfSecondBefore = this.lastSent;
			}
			order = ++this.sentInSecond;
			this.lastSent = now;
		}
		const { epoch } = this;
		return {
			at: now,
			probe,
			search,
			epoch,
			order,
			alone: () => probe || (atOnce === 1 && alone()),
		};
	}

	answered(sent: Sent): void {
		const now = Date.now();
		this.admittedSentAt.push(sent.at);
		if (this.admittedSentAt.length > 10_000) this.admittedSince(now);
		this.admittedSinceChange++;
		this.admitted++;
		if (sent.probe) {
			this.probe = 'none';
			this.kind = 'at once';
			this.changed(now);
		}
		if (sent.search && sent.epoch === this.epoch && this.second === -1) {
			// The service's window began by the time this request went: the seconds begin there.
			this.searchUntil = 0;
			this.countSecondsFrom(sent.at);
			this.second = 0;
			this.sentInSecond = 1;
		}
		if (sent.epoch === this.epoch && sent.order > this.admittedInFull)
			this.admittedInFull = sent.order;
	}

	/** The turn `sent` was given was not used: a request to go alone is the next one instead. */
	unused(sent: Sent): void {
		if (sent.probe && this.probe === 'sent') this.probe = 'wanted';
	}

	/** The service refused a request and asked to wait `waitMs`. */
	refused(sent: Sent, waitMs: number): void {
		const now = Date.now();
		// Refused right after a growth step: the service did not take it.
		if (this.steppedAt === this.changedAt && sent.at >= this.steppedAt) this.failedSteps++;
		if (this.kind !== 'a second') {
			// A wait within a second marks the end of the window that admitted what went since its start;
			// the second before may have spanned two windows.
			const windowFrom = now - 1_000 + (waitMs < 1_000 ? waitMs : 0);
			const budget = this.admittedSince(now - 1_000);
			const inFull = this.admittedSince(windowFrom);
			this.lastRefusal = { now, sentAt: sent.at, waitMs, budget, inFull };
			if (sent.alone()) return this.aSecond(this.lastRefusal);
			this.allowedInFlight = Math.max(1, this.allowedInFlight - 1);
			if (this.kind === 'none seen' && this.probe === 'none') {
				this.probe = 'wanted';
				this.admittedAtFirstRefusal = this.admitted;
			}
		} else if (sent.search || sent.epoch !== this.epoch || sent.order === 0) return;
		else if (sent.order > this.budget / 2) {
			this.budget = Math.max(1, Math.min(this.budget, sent.order - 1));
			this.admittedInFull = Math.min(this.admittedInFull, this.budget);
		} else {
			// A wait in whole seconds can say more than the window needs; one that is not (an HTTP date)
			// marks its edge.
			const secondAfter = this.lastOfSecondBefore + 1_000;
			const date = waitMs % 1_000 !== 0;
			const at = date || secondAfter <= now ? now + waitMs : Math.min(now + waitMs, secondAfter);
			this.countSecondsFrom(at);
		}
		this.changed(now);
	}

	/** From now on the service's budget a second counts: it is spent for `waitMs`. */
	private aSecond({ now, sentAt, waitMs, budget, inFull }: Refusal): void {
		this.kind = 'a second';
		this.probe = 'none';
		this.allowedInFlight = Math.max(this.allowedInFlight, this.largestRun);
		// Admitted answers may come back after the refusal.
		this.budget = Math.max(1, budget, this.admittedSince(now - 1_000));
		this.admittedInFull = Math.max(
			1,
			inFull,
			this.admittedSince(now - 1_000 + (waitMs < 1_000 ? waitMs : 0)),
		);
		this.countSecondsFrom(now + waitMs);
		if (waitMs === 1_000) {
			this.searchUntil = now + waitMs;
			this.searchedAt = sentAt;
		}
		this.changed(Date.now());
	}

	private countSecondsFrom(at: number): void {
		this.secondsFrom = at;
		this.epoch++;
		this.second = -1;
	}

	/** How many of the requests admitted were sent after `from`, within the last two seconds. */
	private admittedSince(from: number): number {
		this.admittedSentAt = this.admittedSentAt.filter((at) => at > Date.now() - 2_000);
		return this.admittedSentAt.filter((at) => at > from).length;
	}

	/**
	 * One more in flight after a round admitted while nothing was refused (where the gate, not the runs'
	 * own limits, holds requests back), or after a calm stretch, or a tenth more a second; whether one
	 * more may be in flight.
	 */
	private grow(now: number, waiting: number): boolean {
		if (this.probe !== 'none') return false;
		if (this.kind === 'none seen') {
			if (this.admittedSinceChange < this.allowedInFlight) return false;
			this.admittedSinceChange = 0;
			return ++this.allowedInFlight > 0;
		}
		const stretch = 2 ** Math.min(4, this.failedSteps);
		if (now < this.changedAt + GROWTH_AFTER_MS * stretch) return false;
		const calm =
			this.kind === 'at once'
				? GROWTH_AFTER_ADMITTED
				: Math.min(GROWTH_AFTER_ADMITTED, this.budget);
		if (this.admittedSinceChange < calm * stretch) return false;
		// A step the service refuses costs that request its wait: not worth it near the end.
		if (waiting < 2 * this.admittedSince(now - 1_000)) return false;
		// The last step held for a calm stretch: the service took it.
		if (this.steppedAt === this.changedAt) this.failedSteps = 0;
		this.changed(now);
		this.steppedAt = now;
		if (this.kind === 'at once') return ++this.allowedInFlight > 0;
		this.budget = Math.max(this.budget + 1, Math.floor(this.budget * 1.1));
		return false;
	}

	private changed(now: number): void {
		this.changedAt = now;
		this.admittedSinceChange = 0;
	}
}

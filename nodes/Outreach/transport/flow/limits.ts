import { GROWTH_AFTER_ADMITTED, GROWTH_AFTER_MS } from '../../shared/constants';
import { Admissions } from './admissions';

/** What has been learned the service limits: nothing yet, how many at once, or how many a second. */
type Kind = 'none seen' | 'at once' | 'a second';

/** What the gate needs to know of a request it let go, to learn from its answer. */
export interface Sent {
	at: number;
	/** The only one in flight when it went, or the request sent alone after the first refusals. */
	alone: () => boolean;
	probe: boolean;
}

/**
 * What one service account admits, learned from its refusals (429):
 *
 * - **The first refusals.** One fewer in flight for each refusal (a burst of W refused down to the N
 *   admitted leaves N), and the next request goes alone, once nothing else is in flight.
 * - **How many at once** (that request was admitted): one fewer in flight per later refusal.
 * - **How many a second** (refused though it went alone, or every request was refused): nothing goes
 *   until the wait the service asked is over, or for ten paced intervals when that is shorter (a
 *   Retry-After in whole seconds often asks far more than a budget that refills by the request
 *   needs); from then on requests go paced, at what the service admitted in the last second, and
 *   slower after each later refusal (once per wait the service asks, each further refusal meanwhile
 *   pausing twice as long).
 *
 * After a calm stretch (GROWTH_AFTER_MS and GROWTH_AFTER_ADMITTED admitted without a refusal, while
 * at least two seconds of requests wait) one more in flight, or a tenth faster, is tried, so that a
 * limit that rises is found again; each step the service refuses doubles the stretch before the next.
 */
export class ServiceLimit {
	private kind: Kind = 'none seen';
	/** How many may be in flight: the largest run's limit until the service refuses. */
	private window = 0;
	private largestRun = 0;
	private probe: 'none' | 'wanted' | 'sent' = 'none';
	private rate = 0;
	private nextSendAt = 0;
	private pausedUntil = 0;
	/** Refusals before say nothing new: the service said its budget was spent until then. */
	private quietUntil = 0;
	private pauses = 0;
	/** Since the first refusal: requests admitted, and the longest wait the service asked. */
	private admittedSinceRefusal = 0;
	private longestWait = 0;
	/** What the service admitted in the second before its first refusal. */
	private budget = 0;
	/** Whether the pace is known to be near the budget: until then it doubles after each calm stretch. */
	private paceKnown = false;
	/** When the limit last changed; what the service said of requests sent before is known. */
	private changedAt = Date.now();
	private admittedSinceChange = 0;
	/** Growth steps the service refused in a row: each doubles the calm stretch before the next. */
	private failedSteps = 0;
	private steppedAt = -1;
	private readonly admissions = new Admissions();

	/** A run joins with its own limit: until the service refuses, the largest run's limit holds. */
	joined(limit: number): void {
		this.largestRun = Math.max(this.largestRun, limit);
		if (this.kind !== 'at once') this.window = Math.max(this.window, limit);
	}

	/**
	 * Whether another request may go now, with `inFlight` in flight: true, the moment it may (a pace
	 * or a pause), or false until an answer comes. `waiting` is how many requests wait, or will ask.
	 */
	allows(inFlight: number, now: number, waiting: number): boolean | number {
		if (this.probe === 'sent' || (this.probe === 'wanted' && inFlight > 0)) return false;
		// Every request was refused: the service's budget is spent, no need to send one alone.
		if (this.probe === 'wanted' && this.admittedSinceRefusal === 0)
			this.paced(now, this.longestWait);
		if (inFlight >= this.window && !this.grow(now, waiting)) return this.growthDue(now, waiting);
		const at = Math.max(this.pausedUntil, this.kind === 'a second' ? this.nextSendAt : 0);
		if (at <= now) return true;
		if (this.kind === 'a second') this.grow(now, waiting);
		return at;
	}

	/** A request goes now, with `atOnce` in flight (itself included). */
	sent(now: number, atOnce: number, alone: () => boolean): Sent {
		const probe = this.probe === 'wanted';
		if (probe) this.probe = 'sent';
		if (this.kind === 'a second') {
			// Paced: one request per interval, and at most one more when the gate fell behind.
			const interval = 1_000 / this.rate;
			this.nextSendAt = Math.max(this.nextSendAt, now - interval) + interval;
		}
		return { at: now, probe, alone: () => probe || (atOnce === 1 && alone()) };
	}

	answered({ at, probe }: Sent): void {
		this.admissions.add(at);
		this.admittedSinceRefusal++;
		this.admittedSinceChange++;
		// Nothing refused yet: one more in flight for each window's worth admitted.
		if (
			this.kind === 'none seen' &&
			this.probe === 'none' &&
			this.admittedSinceChange >= this.window
		) {
			this.window++;
			this.admittedSinceChange = 0;
		}
		if (probe) {
			// Admitted alone: the service limits how many at once.
			this.probe = 'none';
			this.kind = 'at once';
		}
	}

	/** The service refused a request and asked to wait `waitMs`; `inFlight` are still in flight. */
	refused(sent: Sent, waitMs: number, inFlight: number): void {
		const now = Date.now();
		// Refused right after a growth step: the service did not take it.
		if (this.steppedAt === this.changedAt && sent.at >= this.steppedAt) this.failedSteps++;
		if (this.kind === 'a second') {
			if (now < this.quietUntil) return this.pause(now, waitMs);
			// No faster than the service admitted in the last second, and a tenth slower.
			this.paceKnown = true;
			const admitted = this.admissions.inLastSecond(now) || Infinity;
			this.rate = Math.max(0.1, Math.min(this.rate * 0.9, admitted));
			this.spentFor(now, waitMs);
		} else if (sent.alone()) this.paced(now, waitMs);
		else if (this.kind === 'at once') this.window = Math.max(1, this.window - 1);
		else {
			this.window = Math.max(1, Math.min(this.window - 1, inFlight));
			if (this.probe === 'none') {
				this.admittedSinceRefusal = 0;
				this.budget = this.admissions.inLastSecond(now);
			}
			this.probe = 'wanted';
			this.longestWait = Math.max(this.longestWait, waitMs);
		}
		this.changed(now);
	}

	/** When a growth step may next be tried, or false when none is due by time alone. */
	private growthDue(now: number, waiting: number): number | false {
		if (this.kind === 'none seen' || this.probe !== 'none' || waiting === 0) return false;
		const due = this.changedAt + GROWTH_AFTER_MS * 2 ** Math.min(4, this.failedSteps);
		return due > now ? due : false;
	}

	/** One more in flight, or a tenth faster, after a calm stretch; whether one more may be in flight. */
	private grow(now: number, waiting: number): boolean {
		if (this.kind === 'none seen' || this.probe !== 'none') return false;
		const stretch = 2 ** Math.min(4, this.failedSteps);
		const admitted = this.kind === 'a second' && !this.paceKnown ? 0 : GROWTH_AFTER_ADMITTED;
		if (now < this.changedAt + GROWTH_AFTER_MS * stretch) return false;
		if (this.admittedSinceChange < admitted * stretch) return false;
		// A step the service refuses costs that request its wait: not worth it near the end.
		if (waiting < 2 * this.admissions.inLastSecond(now)) return false;
		// The last step held for a calm stretch: the service took it.
		if (this.steppedAt === this.changedAt) this.failedSteps = 0;
		this.changed(now);
		this.steppedAt = now;
		if (this.kind === 'at once') return ++this.window > 0;
		this.rate *= this.paceKnown ? 1.1 : 2;
		this.nextSendAt = Math.min(this.nextSendAt, now + 1_000 / this.rate);
		return false;
	}

	private changed(now: number): void {
		this.changedAt = now;
		this.admittedSinceChange = 0;
	}

	/** From now on requests go paced at what the service admitted: its budget is spent for `waitMs`. */
	private paced(now: number, waitMs: number): void {
		this.kind = 'a second';
		this.probe = 'none';
		this.window = Math.max(this.window, this.largestRun);
		const admitted = Math.max(this.budget, this.admissions.inLastSecond(now));
		this.rate = Math.max(1, admitted);
		// Nothing admitted to go by: the pace doubles after each calm stretch until a refusal.
		this.paceKnown = admitted > 1;
		this.spentFor(now, waitMs);
		this.changed(now);
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

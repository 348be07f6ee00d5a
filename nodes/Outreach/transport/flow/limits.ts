import { GROWTH_AFTER_ADMITTED, GROWTH_AFTER_MS } from '../../shared/constants';
import { Admissions } from './admissions';
import { SecondBudget } from './secondBudget';
import { place, type Place } from './seconds';

/** What has been learned the service limits: nothing yet, how many at once, or how many a second. */
type Kind = 'none seen' | 'at once' | 'a second';

/** What the gate needs to know of a request it let go, to learn from its answer. */
export interface Sent extends Place {
	/** The only one in flight when it went, or the request sent alone after the first refusals. */
	alone: () => boolean;
	probe: boolean;
	/** The lowering (see `ServiceLimit`) under way when it went, or -1. */
	lowering: number;
}

/**
 * A request sent after the first refusals, still unanswered this long after they came back, is not
 * waited for: a service limiting how many at once answers sooner (it may hang until its timeout).
 */
const PENDING_WAIT_MS = 5_000;

/**
 * What one service account admits, learned from its refusals (429):
 *
 * - **The first refusals.** One fewer in flight for each refusal (a burst of W refused down to the N
 *   admitted leaves N), and the next request goes alone, once nothing else is in flight.
 * - **How many at once** (that request was admitted): one fewer in flight per later refusal. When more
 *   than half of what was in flight (and more than two) is refused, a request sent after the first of
 *   those refusals came back among them, and every request sent since has come back refused (or
 *   PENDING_WAIT_MS passed), it limits a second after all (that request went alone just after its
 *   window turned): such a service refuses every request until its window turns, one limiting how
 *   many at once admits the next as soon as one is done, though most of a burst far above its limit
 *   was refused together (and a refusal comes back before an admitted request's answer).
 * - **How many a second** (refused though it went alone, every request refused, or as just said): see
 *   `SecondBudget`.
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
	/** What the service admits a second, once it refused a request sent alone. */
	private seconds?: SecondBudget;
	/** Requests admitted since the first refusal. */
	private admittedSinceRefusal = 0;
	/** The latest moment a refusal since the first said the service's budget would be back. */
	private backAt = 0;
	/** What the service admitted in the second before its first refusal. */
	private budget = 0;
	/** When the limit last changed; what the service said of requests sent before is known. */
	private changedAt = Date.now();
	private admittedSinceChange = 0;
	/** Growth steps the service refused in a row: each doubles the calm stretch before the next. */
	private failedSteps = 0;
	private steppedAt = -1;
	/** Whether the service's last wait was one second, in whole seconds: its window ends within it. */
	private waitOneSecond = false;
	/** When the latest request the service refused went. */
	private refusedSentAt = 0;
	/**
	 * Refusals since the first of them came back (`since`, Infinity when the service has admitted a
	 * request sent after), how many might be in flight before them, whether one sent after was
	 * refused, and how many sent after are still in flight; `id` tells the lowerings apart.
	 */
	private lowering = { id: 0, since: Infinity, from: 0, refusals: 0, later: false, pending: 0 };
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
			this.perSecond(now, Math.max(0, this.backAt - now));
		if (inFlight >= this.window && !this.grow(now, waiting)) return this.growthDue(now, waiting);
		if (!this.seconds) return true;
		const at = this.seconds.next(now, inFlight);
		// A slow answer does not hold back the next second's budget.
		if (at === false) return this.seconds.nextSecond(now);
		if (at <= now) return true;
		this.grow(now, waiting);
		return at;
	}

	/** A request goes now, with `atOnce` in flight (itself included). */
	sent(now: number, atOnce: number, alone: () => boolean): Sent {
		const probe = this.probe === 'wanted';
		if (probe) this.probe = 'sent';
		const lowering = now >= this.lowering.since ? this.lowering.id : -1;
		if (lowering >= 0) this.lowering.pending++;
		const placed = this.seconds?.sent(now) ?? place(now, 0);
		return { ...placed, probe, lowering, alone: () => probe || (atOnce === 1 && alone()) };
	}

	answered(sent: Sent): void {
		const { at, probe, lowering } = sent;
		const now = Date.now();
		this.admissions.add(at, now);
		this.seconds?.admitted(sent, now);
		this.admittedSinceRefusal++;
		this.admittedSinceChange++;
		if (lowering === this.lowering.id) this.lowering.since = Infinity;
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

	/** The turn `sent` was given was not used: a request to go alone is the next one instead. */
	unused(sent: Sent): void {
		if (sent.lowering === this.lowering.id) this.lowering.pending--;
		if (sent.probe && this.probe === 'sent') this.probe = 'wanted';
	}

	/** The service refused a request and asked to wait `waitMs`. */
	refused(sent: Sent, waitMs: number): void {
		const now = Date.now();
		this.waitOneSecond = waitMs === 1_000;
		this.refusedSentAt = Math.max(this.refusedSentAt, sent.at);
		// Refused right after a growth step: the service did not take it.
		if (this.steppedAt === this.changedAt && sent.at >= this.steppedAt) this.failedSteps++;
		if (this.seconds) {
			const admitted = this.admissions.inLastSecond(now);
			if (!this.seconds.refused(sent, sent.alone(), now, waitMs, admitted)) return;
		} else if (sent.alone()) this.perSecond(now, waitMs);
		else if (this.kind === 'at once') this.lower(now, waitMs, sent.lowering);
		else {
			this.window = Math.max(1, this.window - 1);
			if (this.probe === 'none') {
				this.admittedSinceRefusal = 0;
				this.budget = this.admissions.inLastSecond(now);
			}
			this.probe = 'wanted';
			this.backAt = Math.max(this.backAt, now + waitMs);
		}
		this.changed(now);
	}

	/** When a request refused now, the service asking to wait `waitMs`, may go again. */
	retryAt(now: number, waitMs: number): number {
		return this.seconds?.retryAt(now, waitMs) ?? now + waitMs;
	}

	/**
	 * One fewer in flight, read as a limit at once, unless the refusals say it limits a second: a
	 * request sent after the first of them came back (in `lowering`) refused too, and none sent since
	 * still in flight (PENDING_WAIT_MS at most). A limit at once far below what was in flight refuses
	 * most of a burst together, then admits some of what is sent after, whose answers come back after
	 * the others' refusals (4 at a time answered in 5 ms: read as about 15 a second, 600 leads took
	 * 17–44 s in 14 of 24 runs instead of 2–4 s).
	 */
	private lower(now: number, waitMs: number, lowering: number): void {
		if (this.lowering.since === Infinity) {
			const id = this.lowering.id + 1;
			this.lowering = { id, since: now, from: this.window, refusals: 0, later: false, pending: 0 };
		} else if (lowering === this.lowering.id) {
			this.lowering.later = true;
			this.lowering.pending--;
		}
		const refusals = ++this.lowering.refusals;
		const { later, pending, from, since } = this.lowering;
		const waited = pending === 0 || now - since >= PENDING_WAIT_MS;
		if (later && waited && refusals > Math.max(2, from / 2)) return this.perSecond(now, waitMs);
		this.window = Math.max(1, this.window - 1);
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
		const admitted = this.seconds && !this.seconds.known ? 0 : GROWTH_AFTER_ADMITTED;
		if (now < this.changedAt + GROWTH_AFTER_MS * stretch) return false;
		if (this.admittedSinceChange < admitted * stretch) return false;
		// A step the service refuses costs that request its wait: not worth it near the end.
		if (waiting < 2 * this.admissions.inLastSecond(now)) return false;
		// The last step held for a calm stretch: the service took it.
		if (this.steppedAt === this.changedAt) this.failedSteps = 0;
		this.changed(now);
		this.steppedAt = now;
		if (!this.seconds) return ++this.window > 0;
		this.seconds.grow(now);
		return false;
	}

	private changed(now: number): void {
		this.changedAt = now;
		this.admittedSinceChange = 0;
	}

	/** From now on the service's budget a second counts: it is spent for `waitMs`. */
	private perSecond(now: number, waitMs: number): void {
		this.kind = 'a second';
		this.probe = 'none';
		this.window = Math.max(this.window, this.largestRun);
		const admitted = Math.max(this.budget, this.admissions.inLastSecond(now));
		this.seconds = new SecondBudget(
			admitted,
			now,
			waitMs,
			this.waitOneSecond ? this.refusedSentAt : undefined,
			this.admissions,
		);
		this.changed(now);
	}
}

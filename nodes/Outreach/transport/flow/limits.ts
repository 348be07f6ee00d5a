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
	/** Its place in its second's budget (1 for the first), or 0 when it was not sent by the second. */
	order: number;
	/** How many times the seconds had been counted afresh when it went. */
	recounts: number;
}

/**
 * What one service account admits, learned from its refusals (429):
 *
 * - **The first refusals.** One fewer in flight for each refusal (a burst of W refused down to the N
 *   admitted leaves N), and the next request goes alone, once nothing else is in flight.
 * - **How many at once** (that request was admitted): one fewer in flight per later refusal.
 * - **How many a second** (refused though it went alone, or every request was refused): nothing goes
 *   until the wait the service asked is over, and seconds are counted from that moment. Each second,
 *   what the service admitted in full in one (`held`) goes at once; beyond it, one request at a time
 *   up to the budget, so that a refusal there costs one request. At first, half of what the service
 *   admitted in the second before its refusal goes at once (that second may have spanned two of the
 *   service's windows), the rest one at a time. A service counting in windows of a second gets its
 *   budget at the start of each (an HTTP date in Retry-After marks a window's edge); a bucket that
 *   refills by the request has refilled by then.
 *   - Refused beyond `held`: the budget is what the service admitted of that second, and the next
 *     second's first request goes alone, as the service's window may not be over.
 *   - Refused late in a second: `held` is what the service admitted of it, and the next second
 *     begins when the service said.
 *   - Refused early: the service's window held requests of the second before, so it ends, and the
 *     next second begins, at most a second after that second's last request.
 * - **Paced** (a second burst refused before its last request, the first correction of the estimate
 *   aside: the service does not take a second's budget at once): the wait is cut to ten paced
 *   intervals when that is shorter (a Retry-After in whole seconds often asks far more than a budget
 *   that refills by the request needs), and requests go one per interval, at a tenth less than what
 *   the service admitted in full in a second, and a tenth slower after each later refusal (once per
 *   wait the service asks, each further refusal meanwhile pausing twice as long).
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
	/** Requests admitted since the first refusal. */
	private admittedSinceRefusal = 0;
	/** The latest moment a refusal since the first said the service's budget would be back. */
	private backAt = 0;
	/** What the service admitted in the second before its first refusal. */
	private budget = 0;
	/** Whether the pace is known to be near the budget: until then it doubles after each calm stretch. */
	private paceKnown = false;
	/** Whether each second's budget goes at once (until the service refuses a burst of it) or paced. */
	private bursts = true;
	/** Seconds are counted from the moment the service's budget was last back. */
	private secondsFrom = 0;
	/** Bumped each time the seconds are counted afresh: a refusal of a request sent before says nothing new. */
	private recounts = 0;
	private second = -1;
	private sentInSecond = 0;
	private lastSent = 0;
	/** When the last request of the second before this one went. */
	private lastSentBefore = 0;
	/** How many a second the service admitted in full: beyond, a second's requests go one at a time. */
	private held = 0;
	private raisedIn = -1;
	/** Whether `held` is still half of what the service admitted in the second before it refused. */
	private estimated = false;
	/** Whether a second's first request goes alone: the service's window may not be over. */
	private probeFirst = false;
	/** Bursts the service refused before their last request: from the second on, requests go paced. */
	private refusedWithin = 0;
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
			this.paced(now, Math.max(0, this.backAt - now));
		if (inFlight >= this.window && !this.grow(now, waiting)) return this.growthDue(now, waiting);
		const next = this.kind === 'a second' ? this.nextSecondSend(now, inFlight) : 0;
		if (next === false) return false;
		const at = Math.max(this.pausedUntil, next);
		if (at <= now) return true;
		if (this.kind === 'a second') this.grow(now, waiting);
		return at;
	}

	/** A request goes now, with `atOnce` in flight (itself included). */
	sent(now: number, atOnce: number, alone: () => boolean): Sent {
		const probe = this.probe === 'wanted';
		if (probe) this.probe = 'sent';
		let order = 0;
		if (this.kind === 'a second' && this.bursts) {
			const second = this.secondAt(now);
			if (second !== this.second) {
				// After a second without requests, the service's window may not be where it was.
				if (this.second >= 0 && second > this.second + 1) this.probeFirst = true;
				this.second = second;
				this.sentInSecond = 0;
				this.lastSentBefore = this.lastSent;
			}
			this.lastSent = now;
			order = ++this.sentInSecond;
		} else if (this.kind === 'a second') {
			// Paced: one request per interval, and at most one more when the gate fell behind.
			const interval = 1_000 / this.rate;
			this.nextSendAt = Math.max(this.nextSendAt, now - interval) + interval;
		}
		return {
			at: now,
			probe,
			order,
			recounts: this.recounts,
			alone: () => probe || (atOnce === 1 && alone()),
		};
	}

	answered({ at, probe, order }: Sent): void {
		this.admissions.add(at);
		// Beyond `held`, sent alone and admitted: one more at once, at most one more a second once the
		// estimate is over (a second that spans two of the service's windows admits more than one's).
		if (order === this.held + 1 && (this.estimated || this.second !== this.raisedIn)) {
			this.held = order;
			this.raisedIn = this.second;
			// All of the estimate admitted in a second: from now on `held` rises by one a second.
			if (this.held >= Math.floor(this.rate)) this.estimated = false;
		}
		// This second's first request admitted: the service's window is over.
		if (order === 1 && at >= this.secondsFrom && this.secondAt(at) === this.second)
			this.probeFirst = false;
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
			// Sent before the seconds were counted afresh, or before the refusal that began this wait was
			// answered: nothing new.
			if (this.bursts && sent.recounts < this.recounts) return;
			if (!this.bursts && now < this.quietUntil) return this.pause(now, waitMs);
			this.paceKnown = true;
			if (this.bursts) return this.refusedInBurst(sent, now, waitMs);
			// No faster than the service admitted in the last second, and a tenth slower.
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
			this.backAt = Math.max(this.backAt, now + waitMs);
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
		if (!this.bursts) this.nextSendAt = Math.min(this.nextSendAt, now + 1_000 / this.rate);
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
		// That second may have spanned two of the service's windows: half goes at once, the rest one
		// at a time until the service refuses one.
		this.held = Math.floor(this.rate / 2);
		this.estimated = true;
		this.spentFor(now, waitMs);
		this.changed(now);
	}

	private spentFor(now: number, waitMs: number): void {
		if (this.bursts) return this.backFrom(now + waitMs);
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

	/** Nothing goes until `at`, when the service's budget is back and the next second begins. */
	private backFrom(at: number): void {
		this.quietUntil = this.pausedUntil = this.secondsFrom = at;
		this.second = -1;
		this.recounts++;
	}

	/**
	 * A refusal while each second's budget goes at once. From the second burst it refused before its
	 * last request (each costs the requests sent meanwhile), requests go paced, at what it admitted in
	 * full in a second and a tenth less.
	 */
	private refusedInBurst(sent: Sent, now: number, waitMs: number): void {
		const { order } = sent;
		this.changed(now);
		if (order === 0) return this.backFrom(now + waitMs);
		if (order > this.held && sent.alone()) {
			// Beyond what the service admitted in full, sent alone: the budget is what it admitted of
			// this second. The service's window is full until some moment within the wait it asked.
			this.rate = Math.max(1, order - 1);
			this.probeFirst = true;
		} else if (!sent.alone() && order < this.held && !this.estimated && ++this.refusedWithin >= 2) {
			this.bursts = false;
			this.rate = Math.max(0.1, Math.min(this.rate * 0.9, this.held));
			this.spentFor(now, waitMs);
		} else if (order - 1 >= this.held / 2) {
			// Late in the second: the budget was too high.
			this.held = Math.min(this.held, order - 1);
			this.backFrom(now + waitMs);
		} else {
			// Early in the second: the service's window held requests of the second before, so it
			// ends at most a second after that second's last one (a wait in whole seconds can say more).
			// Without a request in the second before, or when that moment is past, the wait stands.
			const before = this.secondsFrom + (this.second - 1) * 1_000;
			const end = this.lastSentBefore >= before ? this.lastSentBefore + 1_000 : Infinity;
			this.backFrom(end > now ? Math.min(now + waitMs, end) : now + waitMs);
			this.probeFirst = true;
		}
		this.estimated = false;
	}

	/** The second, counted from when the service last said its budget was back, that `now` is in. */
	private secondAt(now: number): number {
		return Math.floor((now - this.secondsFrom) / 1_000);
	}

	/**
	 * When the next request may go, by the pace or by the budget of the second `now` is in, or false
	 * until an answer comes: beyond what the service admitted in full, one at a time, so that a growth
	 * step the service refuses costs one request.
	 */
	private nextSecondSend(now: number, inFlight: number): number | false {
		if (!this.bursts) return this.nextSendAt;
		const second = this.secondAt(now);
		const sent = second === this.second ? this.sentInSecond : 0;
		if (sent >= Math.max(1, Math.floor(this.rate))) return this.secondsFrom + (second + 1) * 1_000;
		if (sent < this.held && !(sent === 1 && this.probeFirst)) return now;
		return inFlight === 0 ? now : false;
	}
}

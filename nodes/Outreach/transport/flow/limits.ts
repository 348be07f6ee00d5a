/**
 * What one service account admits, learned from its refusals (429) for its gate (gate.ts):
 *
 * - **Nothing refused yet**: the largest run's Max Concurrent Requests in flight; where the gate, not
 *   the runs' own limits, holds requests back, one more for each of those admitted.
 * - **The first refusals**: one fewer in flight for each (a burst of 25 against a service admitting 3
 *   at once leaves 3). Once nothing is in flight: none admitted since the first refusal, the service
 *   limits how many a second; otherwise one request goes alone, and it limits how many at once if
 *   that is admitted, a second if not.
 * - **How many at once**: one fewer in flight per refusal; a request refused alone means a second.
 * - **How many a second**: the budget is what it admitted of what went in the second before the
 *   refusal that told it; "in full" what went since the rate window a wait within a second ends (an HTTP
 *   date marks its edge) began, that second may span two. Seconds count from when it said its budget
 *   is back; each second, from its start and not in its last SECOND_END_MS (it could count in the next
 *   rate window), what it admitted in full goes at once, the rest of the budget one at a time (a refusal
 *   costs one). A wait of exactly one second in whole seconds says only that the rate window ends within
 *   it: meanwhile one request every EDGE_STEP_MS looks for the edge, and the seconds begin when the
 *   first one admitted went. A refusal in the second half of the budget lowers it to what went before;
 *   one earlier means the rate window still held the second before: the seconds begin again when the
 *   service said. A refusal of a request sent before the seconds began (again) says nothing new.
 * - **Growth**: after a calm stretch (GROWTH_AFTER_MS, and GROWTH_AFTER_ADMITTED or a second's budget
 *   admitted, while at least two seconds of requests wait) one more in flight, or a tenth more a second,
 *   is tried, so that a limit that rises is found again; each step refused doubles the next stretch. A
 *   step's requests go one at a time until the next step, even admitted: they may have counted in a
 *   rate window that had not counted the rest of their second (the next one, or a service's first).
 */
import { GROWTH_AFTER_ADMITTED, GROWTH_AFTER_MS } from '../../shared/constants';

const SECOND_END_MS = 200;
const EDGE_STEP_MS = 100;

/** A refusal: when it came back, when its request went, and the wait the service asked. */
type Refusal = { now: number; sentAt: number; waitMs: number };

/**
 * What the limit needs to know of a request it let go: when it went; whether it went `alone` (nothing
 * else in flight, nothing sent before its answer), as the `probe` after the first refusals, or to
 * `search` for the rate window's edge; its `order` in its second (1 for the first; 0: not counted in one).
 */
export interface Sent {
	at: number;
	alone: () => boolean;
	probe: boolean;
	search: boolean;
	order: number;
}

export class ServiceLimit {
	/** What has been learned the service limits. */
	private kind: 'none seen' | 'at once' | 'a second' = 'none seen';
	private allowedInFlight = 0;
	private largestRun = 0;
	private probe: 'none' | 'wanted' | 'sent' = 'none';
	private lastRefusal?: Refusal;
	/** When the requests admitted went (the latest 10,000); how many in all, and by the first refusal. */
	private admittedSentAt: number[] = [];
	private admitted = 0;
	private admittedAtFirstRefusal = 0;
	/** When the limit last changed, admitted since; growth steps refused in a row, when the last went. */
	private changedAt = Date.now();
	private admittedSinceChange = 0;
	private failedSteps = 0;
	private steppedAt = -1;
	/** How many may go a second, how many of those at once, and the budget before the last step. */
	private budget = 0;
	private admittedInFull = 0;
	private grownFrom = Infinity;
	/** When the seconds begin, the latest second a request went in, and how many went in it. */
	private secondsFrom = 0;
	private second = -1;
	private sentInSecond = 0;
	/** While the edge of the service's rate window is looked for: until when, and when the last look went. */
	private searchUntil = 0;
	private searchedAt = 0;

	/** A run joins with its own limit: until the service refuses, the largest run's limit holds. */
	joined(limit: number): void {
		this.largestRun = Math.max(this.largestRun, limit);
		if (this.kind !== 'at once') this.allowedInFlight = Math.max(this.allowedInFlight, limit);
	}

	/** Whether one more may go now: true, the moment it may, or false until an answer comes. */
	allows(inFlight: number, now: number, waiting: number): boolean | number {
		if (this.probe === 'sent' || (this.probe === 'wanted' && inFlight > 0)) return false;
		const refusal = this.lastRefusal;
		if (this.probe === 'wanted' && this.admitted === this.admittedAtFirstRefusal && refusal)
			this.aSecond(refusal);
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

	/** A request goes now, with `atOnce` in flight, itself included. */
	sent(now: number, atOnce: number, alone: () => boolean): Sent {
		const probe = this.probe === 'wanted';
		if (probe) this.probe = 'sent';
		const search = now < this.searchUntil;
		let order = 0;
		if (search) this.searchedAt = now;
		else if (this.kind === 'a second') {
			const second = Math.floor((now - this.secondsFrom) / 1_000);
			if (second !== this.second) this.sentInSecond = 0;
			this.second = second;
			order = ++this.sentInSecond;
		}
		return { at: now, probe, search, order, alone: () => probe || (atOnce === 1 && alone()) };
	}

	answered(sent: Sent): void {
		const now = Date.now();
		if (this.admittedSentAt.push(sent.at) > 10_000) this.admittedSentAt.splice(0, 5_000);
		this.admittedSinceChange++;
		this.admitted++;
		if (sent.probe) {
			this.probe = 'none';
			this.kind = 'at once';
			this.changed(now);
		}
		if (sent.search && this.second === -1) {
			// The service's rate window began by the time this request went: the seconds begin there.
			this.searchUntil = 0;
			this.countSecondsFrom(sent.at, 1);
		}
		if (sent.at >= this.secondsFrom && sent.order > this.admittedInFull)
			this.admittedInFull = Math.min(sent.order, this.grownFrom);
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
			this.lastRefusal = { now, sentAt: sent.at, waitMs };
			if (sent.alone()) return this.aSecond(this.lastRefusal);
			this.allowedInFlight = Math.max(1, this.allowedInFlight - 1);
			if (this.kind === 'none seen' && this.probe === 'none') {
				this.probe = 'wanted';
				this.admittedAtFirstRefusal = this.admitted;
			}
		} else if (sent.search || sent.at < this.secondsFrom || sent.order === 0) return;
		else if (sent.order > this.budget / 2) {
			this.budget = Math.max(1, Math.min(this.budget, sent.order - 1));
			this.admittedInFull = Math.min(this.admittedInFull, this.budget);
		} else this.countSecondsFrom(now + waitMs);
		this.changed(now);
	}

	/** From now on the service's budget a second counts: it is spent for the wait `refusal` asked. */
	private aSecond({ now, sentAt, waitMs }: Refusal): void {
		this.kind = 'a second';
		this.probe = 'none';
		this.allowedInFlight = Math.max(this.allowedInFlight, this.largestRun);
		this.budget = Math.max(1, this.admittedSince(now - 1_000));
		const rateWindowFrom = now - 1_000 + (waitMs < 1_000 ? waitMs : 0);
		this.admittedInFull = Math.max(1, this.admittedSince(rateWindowFrom));
		this.countSecondsFrom(now + waitMs);
		if (waitMs === 1_000) {
			this.searchUntil = now + waitMs;
			this.searchedAt = sentAt;
		}
		this.changed(Date.now());
	}

	/** How many of the requests admitted were sent after `from`. */
	private admittedSince(from: number): number {
		return this.admittedSentAt.filter((at) => at > from).length;
	}

	/** The seconds begin at `at`, `sent` having gone in the first. */
	private countSecondsFrom(at: number, sent = 0): void {
		this.secondsFrom = at;
		this.second = sent ? 0 : -1;
		this.sentInSecond = sent;
	}

	/** A growth step, when one is due (see the opening comment): whether one more may be in flight. */
	private grow(now: number, waiting: number): boolean {
		if (this.probe !== 'none') return false;
		if (this.kind === 'none seen') {
			if (this.admittedSinceChange < this.allowedInFlight) return false;
			this.admittedSinceChange = 0;
			return ++this.allowedInFlight > 0;
		}
		const stretch = 2 ** Math.min(4, this.failedSteps);
		const calm = this.kind === 'at once' ? GROWTH_AFTER_ADMITTED : this.budget;
		if (now < this.changedAt + GROWTH_AFTER_MS * stretch) return false;
		if (this.admittedSinceChange < Math.min(GROWTH_AFTER_ADMITTED, calm) * stretch) return false;
		// A step the service refuses costs that request its wait: not worth it near the end.
		if (waiting < 2 * this.admittedSince(now - 1_000)) return false;
		// The last step held for a calm stretch: the service took it.
		if (this.steppedAt === this.changedAt) this.failedSteps = 0;
		this.changed(now);
		this.steppedAt = now;
		if (this.kind === 'at once') return ++this.allowedInFlight > 0;
		this.grownFrom = this.budget;
		this.budget = Math.max(this.budget + 1, Math.floor(this.budget * 1.1));
		return false;
	}

	private changed(now: number): void {
		this.changedAt = now;
		this.admittedSinceChange = 0;
	}
}

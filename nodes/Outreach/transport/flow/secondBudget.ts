import { Admissions } from './admissions';
import { EdgeSearch } from './edgeSearch';
import { Pace } from './pace';
import { place, Seconds, Tally, type Place } from './seconds';

/**
 * Beyond what the service admitted in full, no request goes within this time of a second's end: its
 * way to the service may take longer than the rest of the second, and it would count in the next window.
 */
const LAST_STEP_MS = 250;

/**
 * The seconds begin this long after the request that marked the edge went: a request on a quicker way
 * to the service than that one would otherwise reach it before its window begins.
 */
const EDGE_MARGIN_MS = 50;

/**
 * How many requests a second a service admits, and when each may go. At first nothing goes until the
 * wait the service asked is over, and seconds are counted from that moment. Each second, what the service
 * admitted in full in one (`held`) goes at once; beyond it, one request at a time up to the budget, so
 * that a refusal there costs one request. At first, half of what the service admitted in the second
 * before its refusal goes at once (that second may have spanned two of the service's windows), the rest
 * one at a time, and then one more in flight for each admitted beyond it, while it is such an estimate.
 * A service counting in windows of a second gets its budget at the start of each (an HTTP date in
 * Retry-After marks a window's edge); a bucket that refills by the request has refilled by then.
 *
 * - A wait of one second in whole seconds says only that the service's window ends within it.
 *   Meanwhile requests look for where its windows begin (`EdgeSearch`): the seconds are counted from
 *   just after the first it admits went. What the window before admitted of what was sent within a
 *   second of then goes at once, when that is more than half and the service refused a request of
 *   the search first. From then on, until the seconds move or one passes without requests, a second's
 *   requests count in one window of the service (a bucket's refill aside): beyond the estimate, half
 *   of what is left to the rate goes at once, and what the service admits of a second goes at once
 *   from the next (not one more a second).
 * - Beyond `held`, no request goes in the last LAST_STEP_MS of a second.
 * - Refused beyond `held`: the budget is what the service admitted of that second (the lowest such
 *   refusal), and the next second's first request goes alone, as the service's window may not be over.
 * - Refused within `held`: the service's window may hold requests of the second before, so it ends,
 *   and the next second begins, at most a second after that second's last request; late in the
 *   second, `held` also falls to what the service admitted of it. The refused requests go again then.
 * - A second whose first request goes late in it (FIRST_REQUEST_WITHIN_MS) sends that one alone. What
 *   waits for an answer (one at a time) goes at the next second's start at the latest.
 * - **Paced** (a second burst refused before its last request, the first correction of the estimate
 *   aside: the service does not take a second's budget at once): requests go one per interval
 *   (`Pace`), a tenth slower than the budget (no faster than the service admitted in the last second,
 *   or at once if that was more).
 */
export class SecondBudget {
	/** How many may go a second. */
	private rate: number;
	/** Whether the rate is known to be near the service's: until then it doubles at each growth step. */
	known: boolean;
	/** Set once a second's budget no longer goes at once (the service refused bursts of it). */
	private paced?: Pace;
	/** Seconds are counted from the moment the service's budget was last back. */
	private readonly seconds = new Seconds();
	private readonly tally = new Tally(this.seconds);
	/** How many a second the service admitted in full: beyond, a second's requests go one at a time. */
	private held: number;
	private raisedIn = -1;
	/**
	 * Whether `held` is still an estimate: half of what the service admitted in the second before it
	 * refused, or what its window before admitted.
	 */
	private estimated = true;
	/** Requests beyond `held` the service admitted while it was an estimate. */
	private admittedBeyond = 0;
	/**
	 * Whether the seconds begin where the service's windows do: its edge was found, the seconds have
	 * not moved since, and no second passed without requests.
	 */
	private aligned = false;
	/** Whether a second's first request goes alone: the service's window may not be over. */
	private probeFirst = false;
	/** Bursts the service refused before their last request: from the second on, requests go paced. */
	private refusedWithin = 0;
	/** Set while where the service's windows begin is looked for. */
	private edge?: EdgeSearch;

	/**
	 * The service admitted `admitted` in the second before it refused, and asked to wait `waitMs`.
	 * `refusedSentAt`, when that wait says only that its window ends within a second (a Retry-After
	 * of 1): when the latest request it refused went.
	 */
	constructor(
		admitted: number,
		now: number,
		waitMs: number,
		refusedSentAt?: number,
		private readonly admissions = new Admissions(),
	) {
		this.rate = Math.max(1, admitted);
		// Nothing admitted to go by: the rate doubles at each growth step until a refusal.
		this.known = admitted > 1;
		this.held = Math.floor(this.rate / 2);
		this.backFrom(now + waitMs);
		if (refusedSentAt === undefined) return;
		const until = Math.min(now + waitMs, refusedSentAt + 1_000);
		if (until > now) this.edge = new EdgeSearch(refusedSentAt, until);
	}

	/** When the next request may go, or false until an answer comes or the next second begins. */
	next(now: number, inFlight: number): number | false {
		if (this.paced) return this.paced.next();
		const search = this.edge?.next(now);
		if (search !== undefined) return search;
		const second = this.seconds.at(now);
		const sent = this.tally.in(second);
		if ((sent > 0 && this.tally.begunLate) || sent >= Math.max(1, Math.floor(this.rate)))
			return this.seconds.startOfNext(now);
		const ready = Math.max(this.seconds.from, now);
		// Late in the second, one request alone: a single call need not wait for the next second.
		if (sent === 0 && this.seconds.late(now, second)) return inFlight === 0 ? ready : false;
		if (sent < this.held && !(sent === 1 && this.probeFirst)) return ready;
		// Beyond what the service admitted in full, not late in the second (it could reach the service in
		// its next window), one at a time: a growth step it refuses costs one. While `held` is an
		// estimate, up to half of what is left to the rate (which may be more than the service's
		// budget: a refusal costs that many at most): at once when the seconds begin with the service's
		// windows (a refusal then tells its budget), otherwise one more in flight for each admitted
		// beyond it. An estimate far below the budget would otherwise take many seconds to reach it.
		if (now - this.seconds.startOf(second) > 1_000 - LAST_STEP_MS)
			return this.seconds.startOfNext(now);
		const room = Math.max(1, Math.ceil((this.rate - this.held) / 2));
		const beyond = !this.estimated
			? 1
			: this.aligned
				? room
				: Math.min(1 + this.admittedBeyond, room);
		return inFlight < beyond ? ready : false;
	}

	/** When the second after the one `now` is in begins. */
	nextSecond(now: number): number {
		return this.seconds.startOfNext(now);
	}

	/** A request goes now: its place in the seconds. */
	sent(now: number): Place {
		if (this.paced) {
			this.paced.sent(now);
			return place(now, this.seconds.recounts);
		}
		const search = this.edge?.sent(now);
		if (search === 'search') return place(now, this.seconds.recounts, { edge: true });
		if (search === 'over') this.edge = undefined;
		const { order, gap } = this.tally.add(now);
		// After a second without requests, the service's window may not be where it was.
		if (gap) {
			this.probeFirst = true;
			this.aligned = false;
		}
		return place(now, this.seconds.recounts, { order, beyond: order > this.held });
	}

	/** The service admitted the request `place`. */
	admitted({ order, at, edge }: Place, now: number): void {
		if (edge && this.edge) return this.found(at, now, this.edge);
		// Beyond `held` and admitted: that many at once while `held` is an estimate, or while the seconds
		// begin with the service's windows; otherwise at most one more a second (a second that spans two
		// of the service's windows admits more than one's).
		if (
			this.estimated || this.aligned
				? order > this.held
				: order === this.held + 1 && this.tally.second !== this.raisedIn
		) {
			if (this.estimated) this.admittedBeyond++;
			this.held = order;
			this.raisedIn = this.tally.second;
			// All of the estimate admitted in a second: from now on `held` rises by one a second.
			if (this.held >= Math.floor(this.rate)) this.estimated = false;
		}
		// This second's first request admitted: the service's window is over.
		if (order === 1 && at >= this.seconds.from && this.seconds.at(at) === this.tally.second)
			this.probeFirst = false;
	}

	/**
	 * The service refused a request and asked to wait `waitMs`, having admitted `admitted` in the last
	 * second: whether that says something new.
	 */
	refused(place: Place, alone: boolean, now: number, waitMs: number, admitted: number): boolean {
		if (place.edge) {
			this.edge?.refused(place.at);
			return false;
		}
		if (this.paced) return this.paced.refused(now, waitMs, admitted);
		// Sent before the seconds were counted afresh, or before the refusal that began this wait was
		// answered: nothing new.
		if (place.recounts < this.seconds.recounts) return false;
		this.known = true;
		this.refusedInBurst(place, alone, now, waitMs, admitted);
		return true;
	}

	/**
	 * When a refused request may go again: once the seconds begin afresh, when that is sooner than the
	 * service's wait (a wait in whole seconds can say more than its window needs).
	 */
	retryAt(now: number, waitMs: number): number {
		if (this.paced || this.seconds.from <= now) return now + waitMs;
		return Math.min(now + waitMs, this.seconds.from);
	}

	/** A tenth faster, or twice as fast while the rate is not known, after a calm stretch. */
	grow(now: number): void {
		if (this.paced) this.paced.grow(now);
		else this.rate *= this.known ? 1.1 : 2;
	}

	/**
	 * A refusal while each second's budget goes at once. From the second burst it refused before its
	 * last request (each costs the requests sent meanwhile), requests go paced: a bucket that refills
	 * by the request takes its rate, paced, where a second's budget at once outruns it.
	 */
	private refusedInBurst(
		{ order, beyond }: Place,
		alone: boolean,
		now: number,
		waitMs: number,
		admitted: number,
	): void {
		if (order === 0) return this.backFrom(now + waitMs);
		if (order > this.held && (alone || beyond)) {
			// Beyond what the service admitted in full: the budget is what it admitted of this second.
			// Its window is full until some moment within the wait it asked.
			this.rate = Math.max(1, Math.min(this.rate, order - 1));
			this.probeFirst = true;
		} else if (!alone && order < this.held && !this.estimated && ++this.refusedWithin >= 2) {
			const rate = Math.max(0.1, Math.min(this.rate * 0.9, Math.max(this.held, admitted)));
			this.paced = new Pace(rate, this.seconds.from, now, waitMs);
		} else {
			// Late in the second, what goes at once was too much.
			if (order - 1 >= this.held / 2) this.held = Math.min(this.held, order - 1);
			// The service's window may hold requests of the second before (a second that spanned two
			// of its windows), so it ends at most a second after that second's last one (a wait in whole
			// seconds can say more): the seconds move there, and the next one's first request goes alone.
			// Without a request in the second before, or when that moment is past, the wait stands.
			const end =
				this.tally.lastBefore >= this.seconds.startOf(this.tally.second - 1)
					? this.tally.lastBefore + 1_000
					: Infinity;
			this.backFrom(end > now ? Math.min(now + waitMs, end) : now + waitMs);
			this.probeFirst = true;
		}
		this.estimated = false;
	}

	/**
	 * The service admitted a request sent at `start` to find its windows' edge: one began between the
	 * request it last refused and then. The seconds are counted from then, with what went since in them.
	 * When it admitted the search's first request, what the window before admitted does not go at once:
	 * that may be a bucket that refilled by a few requests only since its last refusal.
	 */
	private found(start: number, now: number, { refusedAt, sends, refusedOne }: EdgeSearch): void {
		this.edge = undefined;
		// The window before began a second before at the latest, and had admitted all it would by its
		// last refusal: what it admitted of what was sent between goes at once.
		const before = this.admissions.between(start - 1_000, refusedAt);
		if (refusedOne && before > this.held) {
			this.held = before;
			this.rate = Math.max(this.rate, before);
		}
		this.backFrom(start + EDGE_MARGIN_MS);
		this.aligned = true;
		this.tally.resume(now, start, sends);
		this.probeFirst = false;
	}

	/** Nothing goes until `at`, when the service's budget is back and the next second begins. */
	private backFrom(at: number): void {
		this.seconds.restart(at);
		this.aligned = false;
		this.tally.restart();
	}
}

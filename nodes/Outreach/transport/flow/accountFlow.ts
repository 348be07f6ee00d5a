import { sleep } from 'n8n-workflow';

import type { Slot } from '../wire';

import {
	ACCOUNT_FLOW_IDLE_MS,
	CONCURRENCY_GROWTH_AFTER_MS,
	INITIAL_CONCURRENT_REQUESTS,
	MAX_SHARED_ACCOUNTS,
	WINDOW_DOUBLING_AFTER,
} from '../../shared/constants';
import { Admissions } from './admissions';
import {
	enqueue,
	firstReady,
	refillsAt,
	type FlowShare,
	type Share,
	type Waiter,
} from './flowShare';

/** Requests in flight at most while a budget of requests a second goes out, unless more were before. */
const BUDGET_WINDOW = 8;

/**
 * What the account learned of a limit on requests a second: a budget of requests that the service
 * grants again once the wait it asks has passed (a window of N a second: the wait runs to the next
 * window).
 */
interface Budget {
	/** Requests the service admitted between two of its waits. */
	size: number;
	/** Requests that may still be sent before the next wait. */
	left: number;
	/** Requests admitted since sending last resumed after a wait. */
	admitted: number;
}

/** What the flow has learned the service limits: nothing yet, how many at once, or how many a second. */
type Kind = 'unknown' | 'concurrency' | 'budget';

/**
 * The requests of every node run that uses one service account (a Base URL and token) in this n8n
 * process take turns here, so that a burst of executions shares what the service admits instead of
 * each learning it alone. It learns from the service's refusals (429) which kind of limit it has:
 *
 * - **Nothing learned yet.** It starts with INITIAL_CONCURRENT_REQUESTS in flight, and lets twice as
 *   many in once WINDOW_DOUBLING_AFTER more requests were admitted while others waited: a service that
 *   admits a budget of requests a second refuses only those in flight when the budget runs out, and
 *   they are few while its budget is small. At the first refusal, each refusal lowers the number in
 *   flight by one, and the next request goes alone. Turns are handed out in groups once eight or
 *   more may be in flight (see refillsAt).
 * - **How many at once** (that request was admitted). The refused request waits what the service
 *   asks; the others go on. Each refusal lowers the number in flight by one; one more is tried after
 *   CONCURRENCY_GROWTH_AFTER_MS without a refusal.
 * - **How many a second** (that request was refused too, though it went alone, or a refusal came
 *   though no more were in flight than before). Nothing is sent until the wait the service asks has
 *   passed; then a budget goes out at once, as many as the service admitted between its last two
 *   waits (at first, over the last second). Once it is spent, one request goes alone, then twice as
 *   many for each admitted, until one is refused and says when the budget is back. So a service that
 *   grants N requests a second refuses one request a second, and one that grants more gets more.
 *
 * Every refused request waits at least what the service asked before it is sent again. Turns go, within
 * each run and across runs, to the request that first asked for one.
 */
export class AccountFlow {
	private readonly shares = new Set<Share>();
	private kind: Kind = 'unknown';
	private window = INITIAL_CONCURRENT_REQUESTS;
	private inFlight = 0;
	/** When the number in flight last changed, or the flow last reacted to a refusal. */
	private lastChange = Date.now();
	/** When the flow last reacted to a refusal: refusals of requests granted before it say nothing new. */
	private reactedAt = 0;
	private windowBeforeRefusals = INITIAL_CONCURRENT_REQUESTS;
	private probe: 'none' | 'wanted' | 'sent' = 'none';
	/** Whether one more was let in flight since the flow last reacted to a refusal. */
	private grewSinceReaction = false;
	/** Whether turns are handed out until the window is full again (see refillsAt). */
	private filling = true;
	/** Requests admitted since the number in flight last changed. */
	private admittedSinceChange = 0;
	private budget?: Budget;
	private pausedUntil = 0;
	private readonly admitted = new Admissions();
	private wake?: { at: number };
	private idleSince?: number;

	constructor(private readonly onIdle: () => void = () => undefined) {}

	share(limit: number): FlowShare {
		const share: Share = {
			limit,
			inFlight: 0,
			filling: true,
			queue: [],
			orders: new Map(),
			notBefore: new Map(),
		};
		return {
			acquire: async (item, stopped) =>
				await new Promise<Slot | undefined>((resolve) => {
					this.shares.add(share);
					this.idleSince = undefined;
					enqueue(share, item, stopped, resolve);
					this.pump();
				}),
			dropStopped: () => {
				share.queue = share.queue.filter((waiter) => {
					if (!waiter.stopped()) return true;
					waiter.resolve(undefined);
					return false;
				});
				this.pump();
			},
		};
	}

	private pump(): void {
		const now = Date.now();
		if (now < this.pausedUntil) {
			this.wakeAt(this.pausedUntil);
			return;
		}
		for (;;) {
			if (this.probe === 'sent') break;
			const next = this.nextWaiter(now);
			if (!next) break;
			const limit = this.probe === 'wanted' ? 1 : this.window;
			if (this.inFlight >= limit) {
				if (this.probe !== 'none' || !this.grow(now)) break;
				continue;
			}
			if (!this.filling) {
				if (this.inFlight > refillsAt(limit)) break;
				this.filling = true;
			}
			// The budget is spent: one alone, then twice as many for each admitted, until one is refused
			// and says when the budget comes back.
			if (this.budget && this.budget.left < 1 && this.inFlight > 0) break;
			this.grant(next, now);
		}
		this.checkIdle();
	}

	/** The waiter to serve next: the one that first asked, among runs under their limit. */
	private nextWaiter(now: number): Waiter | undefined {
		let best: Waiter | undefined;
		let earliest = Infinity;
		for (const share of this.shares) {
			if (share.queue.length === 0 && share.inFlight === 0) {
				this.shares.delete(share);
				continue;
			}
			const ready = firstReady(share, now);
			if ('waiter' in ready) {
				if (!best || ready.waiter.order < best.order) best = ready.waiter;
			} else earliest = Math.min(earliest, ready.notBefore);
		}
		if (!best && earliest < Infinity) this.wakeAt(earliest);
		return best;
	}

	/** Requests waiting for a turn, across runs. */
	private waiting(): number {
		let count = 0;
		for (const share of this.shares) count += share.queue.length;
		return count;
	}

	/**
	 * One more in flight, when the time has come for it; whether the number grew. Once the service
	 * limits how many at once, trying one more costs a refused request its wait (often a second): it is
	 * not tried when what waits would be sent sooner than that.
	 */
	private grow(now: number): boolean {
		// Under a limit on requests a second, the tokens bound what is sent: the number in flight only
		// sets how fast a budget goes out, and grows as when nothing was learned yet.
		if (this.kind !== 'concurrency') {
			// Nothing learned yet: twice as many once that many more were admitted without a refusal.
			if (this.admittedSinceChange < WINDOW_DOUBLING_AFTER) return false;
			this.window *= 2;
			this.admittedSinceChange = 0;
			this.lastChange = now;
			return true;
		}
		if (now - this.lastChange < CONCURRENCY_GROWTH_AFTER_MS) {
			this.wakeAt(this.lastChange + CONCURRENCY_GROWTH_AFTER_MS);
			return false;
		}
		if (this.waiting() < 2 * Math.max(1, this.admitted.inLastSecond(now))) return false;
		this.window++;
		this.lastChange = now;
		this.grewSinceReaction = true;
		return true;
	}

	private grant(waiter: Waiter, now: number): void {
		const { share } = waiter;
		share.queue.splice(share.queue.indexOf(waiter), 1);
		share.notBefore.delete(waiter.order);
		share.inFlight++;
		this.inFlight++;
		if (share.inFlight >= share.limit) share.filling = false;
		if (this.inFlight >= this.window) this.filling = false;
		// Sent once the budget was spent: if admitted, the budget was larger than thought.
		const beyondBudget = this.budget !== undefined && this.budget.left < 1;
		if (this.budget) this.budget.left -= 1;
		const probe = this.probe === 'wanted';
		if (probe) this.probe = 'sent';
		let released = false;
		const release = () => {
			if (released) return false;
			released = true;
			share.inFlight--;
			this.inFlight--;
			return true;
		};
		waiter.resolve({
			answered: () => {
				if (!release()) return;
				this.admitted.add(now);
				this.admittedSinceChange++;
				const { budget } = this;
				if (budget) {
					budget.admitted++;
					// Admitted past the budget: twice as many are tried next.
					if (beyondBudget) budget.left = Math.max(0, budget.left) + 2;
				}
				if (probe) {
					// Admitted alone: the limit is how many at once.
					this.probe = 'none';
					this.kind = 'concurrency';
				}
				this.pump();
			},
			refused: (waitMs) => {
				if (!release()) return;
				share.notBefore.set(waiter.order, Date.now() + waitMs);
				this.refusedBy(now, waitMs, probe);
				this.pump();
			},
		});
	}

	private refusedBy(grantedAt: number, waitMs: number, probe: boolean): void {
		const now = Date.now();
		const fresh = grantedAt >= this.reactedAt;
		// Refused though it went alone, or though no more were in flight than the service admitted
		// since the last refusal: the service limits requests a second, not how many at once.
		const overRate = probe || (this.kind === 'concurrency' && fresh && !this.grewSinceReaction);
		if (fresh) {
			this.reactedAt = now;
			this.grewSinceReaction = false;
		}
		this.lastChange = now;
		this.admittedSinceChange = 0;
		if (overRate && !this.budget) {
			this.probe = 'none';
			this.kind = 'budget';
			// The budget bounds what is sent; enough in flight that it goes out as soon as it is back.
			this.window = Math.max(this.window, this.windowBeforeRefusals, BUDGET_WINDOW);
			// Within a window of a second that ends when the wait does: what it admitted is its budget.
			const size = Math.max(1, this.admitted.since(now + Math.min(0, waitMs - 1_000)));
			this.budget = { size, left: size, admitted: 0 };
		} else if (this.budget) {
			const { budget } = this;
			// What the service admitted since sending last resumed is its budget.
			if (fresh && budget.admitted > 0) budget.size = budget.admitted;
			budget.left = budget.size;
			budget.admitted = 0;
		} else {
			if (fresh && this.kind === 'unknown' && this.probe === 'none') {
				this.windowBeforeRefusals = this.window;
				this.probe = 'wanted';
			}
			this.window = Math.max(1, this.window - 1);
		}
		if (this.budget) this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
	}

	private wakeAt(at: number): void {
		if (this.wake && this.wake.at <= at && this.wake.at > Date.now()) return;
		// n8n-workflow 2.x has no sleepWithAbort: a wake-up that is no longer wanted is ignored instead.
		const wake = { at };
		this.wake = wake;
		void sleep(Math.max(0, at - Date.now())).then(() => {
			if (this.wake !== wake) return;
			this.wake = undefined;
			this.pump();
		});
	}

	/** Once nothing is in flight or waiting, the flow is forgotten after ACCOUNT_FLOW_IDLE_MS. */
	private checkIdle(): void {
		if (this.inFlight > 0 || this.shares.size > 0 || this.idleSince !== undefined) return;
		const since = Date.now();
		this.idleSince = since;
		// A timer that does not keep the process alive: an idle n8n may exit before it fires.
		AbortSignal.timeout(ACCOUNT_FLOW_IDLE_MS).addEventListener('abort', () => {
			if (this.idleSince === since) this.onIdle();
		});
	}
}

/** The flows of the service accounts in use in this process, by a digest of Base URL and token. */
const flows = new Map<string, AccountFlow>();

/**
 * The flow of a service account, shared by every node run of this process that uses it. At most
 * MAX_SHARED_ACCOUNTS are kept; a flow nothing used for ACCOUNT_FLOW_IDLE_MS is forgotten.
 */
export function accountFlow(account: string): AccountFlow {
	const known = flows.get(account);
	if (known) return known;
	const flow = new AccountFlow(() => {
		if (flows.get(account) === flow) flows.delete(account);
	});
	// Past the bound, a flow of its own: it is not shared, and nothing more is kept.
	if (flows.size < MAX_SHARED_ACCOUNTS) flows.set(account, flow);
	return flow;
}

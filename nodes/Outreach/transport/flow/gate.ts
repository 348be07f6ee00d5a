/**
 * The gate of one service account (a Base URL and token): the requests of every node run of this n8n
 * process that use it take turns here, so that a burst of executions shares what the service admits.
 * A run has its own Max Concurrent Requests in flight from its first request; turns are shared between
 * runs as shares.ts says, and how many may be in flight, or may go a second, is what limits.ts learns
 * from the service's refusals. A refused request waits what the service asked; the others go on.
 */
import { sleep } from 'n8n-workflow';

import { ACCOUNT_GATE_IDLE_MS, MAX_SHARED_ACCOUNTS } from '../../shared/constants';
import type { Slot } from '../wire';
import { ServiceLimit } from './limits';
import { pickReady, queue, type Share, type Waiter } from './shares';

/** One node run's place at its account's gate: at most its own limit in flight. */
export interface FlowShare {
	/** A turn for a request of the run's `item`, in its place from its first request, unless `stopped()`. */
	acquire(item: number, stopped: () => boolean): Promise<Slot | undefined>;
	/** Lets go, without a turn, every waiting request that is no longer to be sent. */
	dropStopped(): void;
}

export class AccountGate {
	private readonly shares = new Set<Share>();
	private readonly limit = new ServiceLimit();
	private inFlight = 0;
	/** Turns given so far: a request is alone when none followed it. */
	private turns = 0;
	private wakeAt?: number;
	private idleSince?: number;
	/** Let go once the gate is in use again: Node holds a timeout signal with a listener until it fires. */
	private idleTimer?: { signal: AbortSignal; listener: () => void };

	constructor(private readonly onIdle: () => void = () => undefined) {}

	/** A run's place, at most `limit` in flight; `backlog` says how many requests it has yet to ask for. */
	share(limit: number, backlog: () => number = () => 0): FlowShare {
		const share: Share = { limit, backlog, inFlight: 0, waiting: [], places: new Map() };
		this.limit.joined(limit);
		return {
			acquire: async (item, stopped) =>
				await new Promise<Slot | undefined>((resolve) => {
					this.shares.add(share);
					this.busy();
					queue({ share, item, stopped, resolve });
					this.pump();
				}),
			dropStopped: () => {
				for (const waiter of share.waiting.filter((each) => each.stopped()))
					waiter.resolve(undefined);
				share.waiting = share.waiting.filter((waiter) => !waiter.stopped());
				this.pump();
			},
		};
	}

	private pump(): void {
		const now = Date.now();
		for (;;) {
			const ready = pickReady(this.shares, now);
			if ('notBefore' in ready) {
				if (ready.notBefore < Infinity) this.wake(ready.notBefore);
				break;
			}
			const allowed = this.limit.allows(this.inFlight, now, this.waiting());
			if (allowed !== true) {
				if (allowed !== false) this.wake(allowed);
				break;
			}
			this.grant(ready.waiter, now);
		}
		this.checkIdle();
	}

	/** Requests waiting for a turn, or yet to ask for one, across runs. */
	private waiting(): number {
		let count = 0;
		for (const { waiting, backlog } of this.shares) count += waiting.length + backlog();
		return count;
	}

	private grant(waiter: Waiter, now: number): void {
		const { share } = waiter;
		share.waiting.splice(share.waiting.indexOf(waiter), 1);
		share.inFlight++;
		const turn = ++this.turns;
		const sent = this.limit.sent(now, ++this.inFlight, () => turn === this.turns);
		let open = true;
		/** The turn goes back once, whatever its request says after. */
		const release = (learn: () => void) => {
			if (!open) return;
			open = false;
			share.inFlight--;
			this.inFlight--;
			learn();
			this.pump();
		};
		waiter.resolve({
			answered: () => release(() => this.limit.answered(sent)),
			refused: (waitMs) =>
				release(() => {
					this.limit.refused(sent, waitMs);
					share.places.get(waiter.item)!.notBefore = Date.now() + waitMs;
				}),
			unused: () => release(() => this.limit.unused(sent)),
		});
	}

	private wake(at: number): void {
		if (this.wakeAt !== undefined && this.wakeAt <= at && this.wakeAt > Date.now()) return;
		// n8n-workflow 2.x has no sleepWithAbort: a wake-up that is no longer wanted is ignored instead.
		this.wakeAt = at;
		void sleep(Math.max(0, at - Date.now())).then(() => {
			if (this.wakeAt !== at) return;
			this.wakeAt = undefined;
			this.pump();
		});
	}

	/** Once nothing is in flight or waiting, the gate is forgotten after ACCOUNT_GATE_IDLE_MS. */
	private checkIdle(): void {
		for (const share of this.shares) {
			if (share.waiting.length === 0 && share.inFlight === 0) this.shares.delete(share);
		}
		if (this.inFlight > 0 || this.shares.size > 0 || this.idleSince !== undefined) return;
		const since = Date.now();
		this.idleSince = since;
		// A timer that does not keep the process alive: an idle n8n may exit before it fires.
		const signal = AbortSignal.timeout(ACCOUNT_GATE_IDLE_MS);
		const listener = () => {
			this.idleTimer = undefined;
			if (this.idleSince === since) this.onIdle();
		};
		signal.addEventListener('abort', listener, { once: true });
		this.idleTimer = { signal, listener };
	}

	private busy(): void {
		this.idleSince = undefined;
		this.idleTimer?.signal.removeEventListener('abort', this.idleTimer.listener);
		this.idleTimer = undefined;
	}
}

/** The gates of this process, by a digest of Base URL and token. */
const gates = new Map<string, AccountGate>();

/** A service account's gate: MAX_SHARED_ACCOUNTS are kept, each until idle for ACCOUNT_GATE_IDLE_MS. */
export function accountGate(account: string): AccountGate {
	const known = gates.get(account);
	if (known) return known;
	const gate = new AccountGate(() => {
		if (gates.get(account) === gate) gates.delete(account);
	});
	// Past the bound, a gate of its own: it is not shared, and nothing more is kept.
	if (gates.size < MAX_SHARED_ACCOUNTS) gates.set(account, gate);
	return gate;
}

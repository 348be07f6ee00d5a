import { sleep } from 'n8n-workflow';

import { CONCURRENCY_GROWTH_AFTER_MS } from '../shared/constants';

/** A turn to send one request; released once its answer is in. */
export interface Slot {
	/** The service answered (anything but a refusal), or the request failed without an answer. */
	answered(): void;
	/** The service refused the request (429) and asks to wait `waitMs` before the next one. */
	refused(waitMs: number): void;
}

interface Waiter {
	order: number;
	stopped: () => boolean;
	resolve: (slot: Slot | undefined) => void;
}

/**
 * The requests of one node run take turns here: at most `limit` in flight, started in input order,
 * and started again in groups once half of them are answered (a run woken for every single answer
 * spends more CPU on wake-ups than on the requests).
 * A refusal makes the run wait what the service asks before any further request starts, and lowers
 * the number in flight to fewer than were in flight when it came (never below one), so that the run
 * settles at what the service admits. After CONCURRENCY_GROWTH_AFTER_MS without a refusal, one more
 * is let in flight, up to `limit`.
 */
export class FlowControl {
	private window: number;
	private inFlight = 0;
	private pausedUntil = 0;
	private calmSince = Date.now();
	/** Requests waiting for a turn, in order, from `head` on. */
	private waiting: Waiter[] = [];
	private head = 0;
	/** Whether turns are being handed out until the window is full again. */
	private filling = true;
	/** The pending wake-up; one that is replaced or stopped finds another here and does nothing. */
	private wake?: { at: number };

	constructor(readonly limit: number) {
		this.window = limit;
	}

	/**
	 * A turn to send, in `order` (lower first), or undefined once `stopped()` says the request is no
	 * longer to be sent.
	 */
	async acquire(order: number, stopped: () => boolean): Promise<Slot | undefined> {
		return await new Promise((resolve) => {
			// Requests mostly come in order: the place is found from the end.
			let index = this.waiting.length;
			while (index > this.head && this.waiting[index - 1].order > order) index--;
			this.waiting.splice(index, 0, { order, stopped, resolve });
			this.pump();
		});
	}

	/** Lets go, without a turn, every waiting request that is no longer to be sent. */
	dropStopped(): void {
		const kept: Waiter[] = [];
		for (let index = this.head; index < this.waiting.length; index++) {
			const waiter = this.waiting[index];
			if (waiter.stopped()) waiter.resolve(undefined);
			else kept.push(waiter);
		}
		this.waiting = kept;
		this.head = 0;
		this.pump();
	}

	private pump(): void {
		if (this.head < this.waiting.length && Date.now() < this.pausedUntil) {
			this.wakeAt(this.pausedUntil);
			return;
		}
		if (!this.filling && this.inFlight > Math.floor(this.window / 2)) return;
		this.filling = true;
		while (this.head < this.waiting.length && this.inFlight < this.window) {
			const waiter = this.waiting[this.head++];
			if (waiter.stopped()) {
				waiter.resolve(undefined);
				continue;
			}
			this.inFlight++;
			waiter.resolve(this.slot());
		}
		if (this.inFlight >= this.window) this.filling = false;
		if (this.head === this.waiting.length) {
			this.waiting = [];
			this.head = 0;
			this.stopWaking();
		} else if (this.head > 1_024 && this.head * 2 > this.waiting.length) {
			this.waiting = this.waiting.slice(this.head);
			this.head = 0;
		}
	}

	private slot(): Slot {
		let released = false;
		const release = (refusalWaitMs?: number) => {
			if (released) return;
			released = true;
			const now = Date.now();
			if (refusalWaitMs !== undefined) {
				this.window = Math.max(1, Math.min(this.window, this.inFlight) - 1);
				this.pausedUntil = Math.max(this.pausedUntil, now + refusalWaitMs);
				this.calmSince = now;
			} else if (this.window < this.limit && now - this.calmSince >= CONCURRENCY_GROWTH_AFTER_MS) {
				this.window++;
				this.calmSince = now;
			}
			this.inFlight--;
			this.pump();
		};
		return { answered: () => release(), refused: (waitMs) => release(waitMs) };
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

	private stopWaking(): void {
		this.wake = undefined;
	}
}

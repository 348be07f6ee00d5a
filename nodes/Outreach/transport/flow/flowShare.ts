import type { Slot } from '../wire';

/** Where one node run takes its turns: at most its own limit in flight, within its account's flow. */
export interface FlowShare {
	/**
	 * A turn for a request of the run's item `item`, or undefined once `stopped()` says it is no longer
	 * to be sent. An item keeps its place in line from its first request on.
	 */
	acquire(item: number, stopped: () => boolean): Promise<Slot | undefined>;
	/** Lets go, without a turn, every waiting request that is no longer to be sent. */
	dropStopped(): void;
}

export interface Waiter {
	order: number;
	stopped: () => boolean;
	resolve: (slot: Slot | undefined) => void;
	share: Share;
}

/** One node run's part of its account's flow: its limit, what it has in flight, what waits. */
export interface Share {
	limit: number;
	inFlight: number;
	/** Whether turns are handed out until the share is full again (see refillsAt). */
	filling: boolean;
	/** Waiting requests, by order. */
	queue: Waiter[];
	/** Each item's place in line across runs, from its first request. */
	orders: Map<number, number>;
	/** When an item's request, refused before, may have its next turn, by its place in line. */
	notBefore: Map<number, number>;
}

/** The smallest limit from which turns are handed out in groups. */
const GROUPED_FROM = 8;

/**
 * How many may be in flight for turns to be handed out again once `limit` were: half of them, so
 * that a run is woken once per group of answers instead of for every single one (which costs more
 * CPU than the requests); under GROUPED_FROM, one fewer than the limit.
 */
export function refillsAt(limit: number): number {
	return limit >= GROUPED_FROM ? Math.floor(limit / 2) : limit - 1;
}

/** Places in line, handed out in the order requests first ask for a turn, across every account. */
let sequence = 0;

/** Puts a request of the run's item `item` in line, at the item's place from its first request. */
export function enqueue(
	share: Share,
	item: number,
	stopped: () => boolean,
	resolve: (slot: Slot | undefined) => void,
): void {
	let order = share.orders.get(item);
	if (order === undefined) share.orders.set(item, (order = ++sequence));
	let index = share.queue.length;
	while (index > 0 && share.queue[index - 1].order > order) index--;
	share.queue.splice(index, 0, { order, stopped, resolve, share });
}

/**
 * The run's first waiting request that may have a turn at `now` (those no longer to be sent are let
 * go on the way), or, when none may, the soonest one may (Infinity: none is waiting for a time).
 */
export function firstReady(share: Share, now: number): { waiter: Waiter } | { notBefore: number } {
	let soonest = Infinity;
	if (share.inFlight >= share.limit) return { notBefore: soonest };
	if (!share.filling) {
		if (share.inFlight > refillsAt(share.limit)) return { notBefore: soonest };
		share.filling = true;
	}
	for (let index = 0; index < share.queue.length; index++) {
		const waiter = share.queue[index];
		if (waiter.stopped()) {
			share.queue.splice(index--, 1);
			waiter.resolve(undefined);
			continue;
		}
		const notBefore = share.notBefore.get(waiter.order) ?? 0;
		if (notBefore > now) {
			soonest = Math.min(soonest, notBefore);
			continue;
		}
		return { waiter };
	}
	return { notBefore: soonest };
}

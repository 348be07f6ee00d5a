import type { Slot } from '../wire';

/** A request waiting for its turn. */
export interface Waiter {
	share: Share;
	item: number;
	stopped: () => boolean;
	resolve: (slot: Slot | undefined) => void;
}

/** One node run's part of its account's gate: its limit, what it has in flight, what waits. */
export interface Share {
	limit: number;
	/** Requests the run has yet to ask a turn for. */
	backlog: () => number;
	inFlight: number;
	/** Waiting requests, in the order their items first asked. */
	waiting: Waiter[];
	/** Each item's place in line from its first request, and when a refused one may go again. */
	places: Map<number, { order: number; notBefore: number }>;
}

/** Places in line, handed out in the order requests first ask for a turn, across every account. */
let sequence = 0;

/** Puts a request of the run's item `item` in line, at the item's place from its first request. */
export function queue(
	share: Share,
	item: number,
	stopped: () => boolean,
	resolve: (slot: Slot | undefined) => void,
): void {
	let place = share.places.get(item);
	if (!place) share.places.set(item, (place = { order: ++sequence, notBefore: 0 }));
	const { order } = place;
	let index = share.waiting.length;
	while (index > 0 && share.places.get(share.waiting[index - 1].item)!.order > order) index--;
	share.waiting.splice(index, 0, { share, item, stopped, resolve });
}

/**
 * The request to send next: of the runs under their own limit, the one with the fewest in flight
 * (then the one that asked first) gives its first request that may go now. Requests no longer to be
 * sent are let go on the way. When none may go, the soonest one may (Infinity: none is waiting).
 */
export function pickReady(
	shares: Set<Share>,
	now: number,
): { waiter: Waiter } | { notBefore: number } {
	let best: { waiter: Waiter; order: number } | undefined;
	let soonest = Infinity;
	for (const share of shares) {
		if (share.inFlight >= share.limit) continue;
		if (best && best.waiter.share.inFlight < share.inFlight) continue;
		for (let index = 0; index < share.waiting.length; index++) {
			const waiter = share.waiting[index];
			if (waiter.stopped()) {
				share.waiting.splice(index--, 1);
				waiter.resolve(undefined);
				continue;
			}
			const { order, notBefore } = share.places.get(waiter.item)!;
			if (notBefore > now) {
				soonest = Math.min(soonest, notBefore);
				continue;
			}
			const better =
				!best ||
				share.inFlight < best.waiter.share.inFlight ||
				(share.inFlight === best.waiter.share.inFlight && order < best.order);
			if (better) best = { waiter, order };
			break;
		}
	}
	return best ? { waiter: best.waiter } : { notBefore: soonest };
}

/**
 * How the node runs at one account's gate (gate.ts) take turns: the next goes to the run with the
 * fewest in flight among those under their own limit, so that a single call is not queued behind a
 * bulk run, and within a run to the item that first asked earliest; a refused request waits until its
 * `notBefore`, the others go meanwhile. A `Share` is one run's part: its limit, what it has in flight,
 * how many requests it has yet to ask a turn for (`backlog`), what waits in its items' order, and each
 * item's place in line from its first request.
 */
import type { Slot } from '../wire';

export interface Waiter {
	share: Share;
	item: number;
	stopped: () => boolean;
	resolve: (slot: Slot | undefined) => void;
}

export interface Share {
	limit: number;
	backlog: () => number;
	inFlight: number;
	waiting: Waiter[];
	places: Map<number, { order: number; notBefore: number }>;
}

/** Places in line, handed out in the order requests first ask for a turn, across every account. */
let sequence = 0;

/** Puts a request in line, at its item's place from its first request. */
export function queue(waiter: Waiter): void {
	const { share, item } = waiter;
	let place = share.places.get(item);
	if (!place) share.places.set(item, (place = { order: ++sequence, notBefore: 0 }));
	let index = share.waiting.length;
	while (index > 0 && share.places.get(share.waiting[index - 1].item)!.order > place.order) index--;
	share.waiting.splice(index, 0, waiter);
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
		const fewest = best?.waiter.share.inFlight ?? Infinity;
		if (share.inFlight >= share.limit || share.inFlight > fewest) continue;
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
			if (share.inFlight < fewest || order < best!.order) best = { waiter, order };
			break;
		}
	}
	return best ? { waiter: best.waiter } : { notBefore: soonest };
}

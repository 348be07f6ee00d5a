import { MAX_RECORDED_CALLS, RECORD_BUCKETS } from '../shared/constants';
import type { NodeStore } from './store';

/**
 * n8n's store forgets only by count, never by age, so the record is swept once an epoch of five
 * quarters, by the epoch's first run once its writes are over. A sweep notes how many entries came
 * before it, and its quarter; the next drops that many when they are five quarters old, older than
 * any quarter a check reads. Only the newest count says where its entries end now (each drop moves
 * the others'), so nothing is dropped while it is younger. docs/queue-mode.md tells why.
 */
const EPOCH_BUCKETS = RECORD_BUCKETS + 1;

const epochOf = (bucket: number) => Math.floor(bucket / EPOCH_BUCKETS);

export const epochMark = (bucketMs: number, bucket: number) =>
	`sweep|${bucketMs}|${epochOf(bucket)}`;

/** How many entries came before a sweep of `epoch`, rounded down. */
const countKey = (bucketMs: number, epoch: number, count: number) =>
	`sweep|${bucketMs}|${epoch}|count|${count}`;

/** The quarter a sweep of `epoch` was made in. */
const bucketKey = (bucketMs: number, epoch: number, bucket: number) =>
	`sweep|${bucketMs}|${epoch}|at|${bucket}`;

/** `count` as it is below 16, else rounded down to m·2^x with 8 ≤ m < 16: an eighth less at most. */
export function roundDown(count: number): number {
	let step = 1;
	while (count >= 16 * step) step *= 2;
	return Math.floor(count / step) * step;
}

/** Every value roundDown() gives, up to `max`. */
export function roundValues(max: number): number[] {
	const values: number[] = [];
	for (let value = 0, step = 1; value <= max; ) {
		values.push(value);
		value += step;
		if (value >= 16 * step) step *= 2;
	}
	return values;
}

/**
 * A sweep, holding the node's lock on the store. The newest sweep's count and quarter (of this epoch
 * or the two before) are found by asking every value they may hold; where one has several, the least
 * count and latest quarter keep more, never less. The count noted leaves out the `pending` entries
 * runs under way may still take back, which the next sweep would otherwise drop from later ones.
 */
export async function sweep(
	store: NodeStore,
	bucketMs: number,
	pending: () => number,
): Promise<void> {
	const bucket = Math.floor(Date.now() / bucketMs);
	const epoch = epochOf(bucket);
	const underWay = pending();
	const size = await store.count();
	const epochs = [epoch, epoch - 1, epoch - 2];
	const counts = roundValues(2 * size + 16);
	const buckets = (at: number) =>
		Array.from({ length: EPOCH_BUCKETS }, (_, index) => at * EPOCH_BUCKETS + index);
	const asked = epochs.flatMap((at) => [
		...counts.map((count) => countKey(bucketMs, at, count)),
		...buckets(at).map((quarter) => bucketKey(bucketMs, at, quarter)),
	]);
	const { processed, new: added } = await store.record(asked);
	await store.remove(added.map(String));
	const found = new Set(processed.map(String));
	const newest = epochs.find((at) =>
		counts.some((count) => found.has(countKey(bucketMs, at, count))),
	);
	let kept = size;
	if (newest !== undefined) {
		const dropped = counts.find((count) => found.has(countKey(bucketMs, newest, count)))!;
		const quarters = buckets(newest).filter((quarter) =>
			found.has(bucketKey(bucketMs, newest, quarter)),
		);
		// No quarter found (written over by another process): its age is unknown.
		const at = quarters.length ? Math.max(...quarters) : Infinity;
		if (at <= bucket - EPOCH_BUCKETS && dropped <= size) kept = size - dropped;
	}
	kept = Math.min(kept, MAX_RECORDED_CALLS);
	const noted = [
		countKey(bucketMs, epoch, roundDown(Math.max(0, kept - underWay))),
		bucketKey(bucketMs, epoch, bucket),
	];
	await store.record(noted, kept + noted.length);
}

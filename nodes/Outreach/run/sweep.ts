import { MAX_RECORDED_CALLS, RECORD_BUCKETS } from '../shared/constants';
import type { NodeStore } from './store';

/**
 * n8n's store forgets a record's entries only by count (the oldest past `maxEntries`), never by age.
 * So the record forgets at sweeps, one an epoch of five quarters of the window, made by the first run
 * of the epoch (the one that found the epoch's mark missing) once its writes are over. A sweep notes
 * how many entries came before it, and when (its quarter); the next sweep drops that many, when they
 * came at least five quarters earlier: older than any quarter a check asks about. Only the newest
 * sweep's count tells where its entries end now (each sweep's drop moves the others'), so a sweep
 * drops nothing while the newest count is younger.
 */
const EPOCH_BUCKETS = RECORD_BUCKETS + 1;

const epochOf = (bucket: number) => Math.floor(bucket / EPOCH_BUCKETS);

export const epochMark = (bucketMs: number, bucket: number) =>
	`sweep|${bucketMs}|${epochOf(bucket)}`;

/** How many entries came before a sweep of `epoch`, rounded down (see roundDown()). */
const countKey = (bucketMs: number, epoch: number, count: number) =>
	`sweep|${bucketMs}|${epoch}|count|${count}`;

/** The quarter a sweep of `epoch` was made in. */
const bucketKey = (bucketMs: number, epoch: number, bucket: number) =>
	`sweep|${bucketMs}|${epoch}|at|${bucket}`;

/**
 * The largest whole number up to 16, or m·2^x with 8 ≤ m < 16, not above `count`: at most an eighth
 * below it, so that a sweep finds it among a few hundred values.
 */
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
 * A sweep, holding the node's lock on the store. The newest sweep's count and quarter (of this epoch or the
 * two before) are found by asking every value they may hold: n8n's store records each value asked that
 * is not there, and those go again at once. Where one sweep has more than one value (values another
 * n8n process asked at that moment, or two sweeps of one epoch), the least count and the latest
 * quarter are taken: a sweep then keeps more, never less. The count a sweep notes leaves out the
 * entries this process's runs under way may still take back (`pending`, counted under the lock): those
 * may go before the next sweep, which would then drop as many recorded after this one.
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
		// No quarter found (another process wrote the record back without it): its age is unknown.
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

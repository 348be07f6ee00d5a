import { MAX_RECORDED_CALLS, RECORD_BUCKETS } from '../shared/constants';
import type { NodeStore } from './store';

/**
 * n8n's store forgets a record's entries only by count (the oldest past `maxEntries`), never by age.
 * So the record forgets at sweeps: one each epoch, five quarters of the window, made by the first run
 * of the epoch (the one that found the epoch's mark missing). A sweep keeps what came after the
 * previous sweep, and notes how many entries came before itself, for the next sweep to drop. What came
 * before the previous sweep is more than five quarters old, older than any quarter a check looks at:
 * after a sweep the record holds the last five quarters and more, never over ten.
 */
const EPOCH_BUCKETS = RECORD_BUCKETS + 1;

export const epochMark = (bucketMs: number, bucket: number) =>
	`sweep|${bucketMs}|${Math.floor(bucket / EPOCH_BUCKETS)}`;

/** How many entries came before epoch `epoch`'s sweep, rounded down (see roundDown()). */
const before = (bucketMs: number, epoch: number, count: number) =>
	`sweep|${bucketMs}|${epoch}|${count}`;

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
function roundValues(max: number): number[] {
	const values: number[] = [];
	for (let value = 0, step = 1; value <= max; ) {
		values.push(value);
		value += step;
		if (value >= 16 * step) step *= 2;
	}
	return values;
}

/**
 * The epoch's sweep, in the node's turn at the store. The previous sweep's count is found by asking
 * every value it may hold (n8n's store records each value asked that is not there: those go again at
 * once); where more than one is there (values another n8n process asked at that moment), the least is
 * taken: the sweep keeps more, never less. No count found (the previous epoch had no run, or its
 * sweep was lost): the one before it, or nothing is dropped. The count a sweep notes leaves out the
 * entries this process's runs under way may still take back (`pending`): those may go before the
 * next sweep, which would then drop as many recorded after this one.
 */
export async function sweep(
	store: NodeStore,
	bucketMs: number,
	bucket: number,
	pending: number,
): Promise<void> {
	const epoch = Math.floor(bucket / EPOCH_BUCKETS);
	const size = await store.count();
	const values = roundValues(2 * size + 16);
	const asked = [epoch - 1, epoch - 2].flatMap((at) =>
		values.map((value) => before(bucketMs, at, value)),
	);
	const { processed, new: added } = await store.record(asked);
	await store.remove(added.map(String));
	const found = new Set(processed.map(String));
	const least = (at: number) => values.find((value) => found.has(before(bucketMs, at, value)));
	const dropped = least(epoch - 1) ?? least(epoch - 2) ?? 0;
	const kept = Math.min(size - dropped, MAX_RECORDED_CALLS);
	const mark = before(bucketMs, epoch, roundDown(Math.max(0, kept - pending)));
	await store.record([mark], kept + 1);
}

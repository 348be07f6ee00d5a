/** Most ranges an item list names before it says how many more there are. */
const MAX_RANGES = 10;

/** Item indexes (from 0, ascending) as the editor numbers them: "items 1–3, 7 and 9". */
export function itemList(indexes: number[]): string {
	const ranges: Array<[number, number]> = [];
	for (const index of indexes) {
		const last = ranges.at(-1);
		if (last && index === last[1] + 1) last[1] = index;
		else ranges.push([index, index]);
	}
	const named = ranges
		.slice(0, MAX_RANGES)
		.map(([first, last]) => (first === last ? `${first + 1}` : `${first + 1}–${last + 1}`));
	if (ranges.length > MAX_RANGES) named.push(`${ranges.length - MAX_RANGES} more ranges`);
	const text = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
	return `${indexes.length === 1 ? 'item' : 'items'} ${text}`;
}

/**
 * The trigger's seen IDs: what it keeps between polls to tell new records from known ones. It is the
 * IDs that left the list (oldest first, at most `maxAbsent`), then the IDs of the list at the last
 * complete read; an ID that comes back after a short or partial answer hid it is not new again.
 */
interface SeenIds {
	/** What to keep for the next poll. */
	ids: string[];
	/** Whether a record of this poll is new: never listed, nor remembered as having left. */
	isNew: (id: string) => boolean;
}

/**
 * The seen IDs after a poll that listed `current`, from what the previous poll kept (`remembered`, as
 * the workflow's static data holds it: anything that is not an ID is dropped).
 */
export function nextSeenIds(remembered: unknown, current: string[], maxAbsent: number): SeenIds {
	const known = Array.isArray(remembered)
		? remembered.filter((id): id is string => typeof id === 'string')
		: [];
	const seen = new Set(known);
	const listed = new Set(current);
	const absent = maxAbsent > 0 ? known.filter((id) => !listed.has(id)).slice(-maxAbsent) : [];
	return { ids: [...absent, ...current], isNew: (id) => !seen.has(id) };
}

/** Whether two lists hold the same IDs in the same order (n8n saves static data only when it changes). */
export function sameIds(a: string[], b: unknown): boolean {
	return Array.isArray(b) && a.length === b.length && a.every((id, index) => id === b[index]);
}

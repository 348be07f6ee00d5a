/** The trigger's seen IDs: those that left the list (at most `maxAbsent`), then the list's. */
type SeenIds = { ids: string[]; isNew: (id: string) => boolean };

/** The seen IDs after a poll that listed `current`; what is not an ID in `remembered` is dropped. */
export function nextSeenIds(remembered: unknown, current: string[], maxAbsent: number): SeenIds {
	const known = Array.isArray(remembered)
		? remembered.filter((id): id is string => typeof id === 'string')
		: [];
	const seen = new Set(known);
	const listed = new Set(current);
	const absent = maxAbsent > 0 ? known.filter((id) => !listed.has(id)).slice(-maxAbsent) : [];
	return { ids: [...absent, ...current], isNew: (id) => !seen.has(id) };
}

export function sameIds(a: string[], b: unknown): boolean {
	return Array.isArray(b) && a.length === b.length && a.every((id, index) => id === b[index]);
}

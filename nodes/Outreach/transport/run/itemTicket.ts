import type { Slot } from '../wire';

export type Phase =
	| 'building'
	| 'ready'
	| 'invalid'
	| 'sending'
	| 'succeeded'
	| 'failed'
	/** Failed without a clear answer: a write may have taken effect. */
	| 'unknown'
	| 'unsent';

export type Outcome = 'succeeded' | 'failed' | 'unknown' | 'unsent';

const FINAL: ReadonlySet<Phase> = new Set(['invalid', 'succeeded', 'failed', 'unknown', 'unsent']);

/** What a ticket tells the try it belongs to, and asks of it. */
export interface TicketTry {
	/** A ticket's request is built (valid) or failed to build. */
	built(ticket: ItemTicket, valid: boolean): void;
	/** A ticket reached its outcome; a failure that `halts` may stop the try. */
	finish(phase: Phase, halts?: boolean): void;
	/** A turn to send one request of the item at `index`, or undefined once the try stopped. */
	turn(index: number): Promise<Slot | undefined>;
}

/** One item's request in one try of the node, from its first step to its outcome. */
export class ItemTicket {
	phase: Phase = 'building';
	/** Whether the item belongs to a group that n8n has finished handing over. */
	grouped = false;
	private resolveDecision?: (go: boolean) => void;
	private readonly decision = new Promise<boolean>((resolve) => (this.resolveDecision = resolve));
	/** Gives back the turn of the item's last request, once the item's outcome is known. */
	private release?: () => void;

	constructor(
		private readonly nodeTry: TicketTry,
		readonly index: number,
	) {}

	/** The request is built: resolves true once it may be sent, false when it is not to be sent. */
	async ready(): Promise<boolean> {
		if (this.phase === 'building') {
			this.phase = 'ready';
			this.nodeTry.built(this, true);
		}
		const go = await this.decision;
		if (go) this.phase = 'sending';
		else this.settle('unsent');
		return go;
	}

	/** Whether the item may be sent; the first decision holds. */
	decide(go: boolean): void {
		this.resolveDecision?.(go);
		this.resolveDecision = undefined;
	}

	/** A step building the request failed, or a guardrail blocked it: the item is invalid. */
	invalid(): void {
		if (this.phase !== 'building') return;
		this.phase = 'invalid';
		this.nodeTry.built(this, false);
		this.nodeTry.finish('invalid');
	}

	/** A turn to send one of the item's requests, or undefined once the try stopped. */
	async turn(): Promise<Slot | undefined> {
		this.giveBack();
		return await this.nodeTry.turn(this.index);
	}

	/** Holds the turn of a request with its last answer until the item's outcome (or next request). */
	giveBackOnOutcome(release: () => void): void {
		this.giveBack();
		this.release = release;
		if (FINAL.has(this.phase)) this.giveBack();
	}

	private giveBack(): void {
		const release = this.release;
		this.release = undefined;
		release?.();
	}

	/** The item's outcome; `halts`: false for a failure known before anything was sent. */
	settle(outcome: Outcome, halts = true): void {
		if (FINAL.has(this.phase)) return this.giveBack();
		const wasBuilding = this.phase === 'building';
		this.phase = outcome;
		// An answer from memory settles the item before it is built.
		if (wasBuilding) this.nodeTry.built(this, true);
		this.decide(false);
		// A failure halts the try first: the turn given back below then starts nothing more.
		this.nodeTry.finish(outcome, halts);
		this.giveBack();
	}
}

import type { Slot } from './flowControl';
import type { Attempt } from './attempt';
import type { NodeRun } from './nodeRun';

export type Phase =
	| 'building'
	| 'ready'
	| 'invalid'
	| 'sending'
	| 'succeeded'
	| 'failed'
	| 'unsent';

const FINAL: ReadonlySet<Phase> = new Set(['invalid', 'succeeded', 'failed', 'unsent']);

/** One item's request in one attempt, from its first step to its outcome. */
export class ItemTicket {
	phase: Phase = 'building';
	/** Whether the item belongs to a group that n8n has finished handing over. */
	grouped = false;
	private resolveDecision?: (go: boolean) => void;
	private readonly decision = new Promise<boolean>((resolve) => (this.resolveDecision = resolve));
	/** Gives back the turn of the item's last request, once the item's outcome is known. */
	private release?: () => void;

	constructor(
		readonly attempt: Attempt,
		readonly index: number,
	) {}

	get run(): NodeRun {
		return this.attempt.run;
	}

	/** The request is built: resolves true once it may be sent, false when it is not to be sent. */
	async ready(): Promise<boolean> {
		if (this.phase === 'building') {
			this.phase = 'ready';
			this.attempt.built(this, true);
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

	/** A step building the request failed: the item is invalid. */
	invalid(): void {
		if (this.phase !== 'building') return;
		this.phase = 'invalid';
		this.attempt.built(this, false);
		this.attempt.finish('invalid');
	}

	/** A turn to send one of the item's requests, or undefined once the attempt stopped. */
	async turn(): Promise<Slot | undefined> {
		this.giveBack();
		return await this.run.flow.acquire(this.index, () => this.attempt.stopped);
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

	settle(phase: 'succeeded' | 'failed' | 'unsent'): void {
		if (FINAL.has(this.phase)) return this.giveBack();
		const wasBuilding = this.phase === 'building';
		this.phase = phase;
		// An answer remembered from an earlier try settles the item before it is built.
		if (wasBuilding) this.attempt.built(this, true);
		this.decide(false);
		// A failure halts the attempt first: the turn given back below then starts nothing more.
		this.attempt.finish(phase);
		this.giveBack();
	}
}

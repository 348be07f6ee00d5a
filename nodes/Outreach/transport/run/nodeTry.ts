import { sleep } from 'n8n-workflow';

import type { Slot } from '../wire';
import type { FlowShare } from './flowShare';
import { ItemTicket, type Phase, type TicketTry } from './itemTicket';
import { itemList } from './itemList';

/** How long after its Batching interval the routing engine is taken to have stopped handing items over. */
const LOOP_PAUSE_MARGIN_MS = 1_000;

/** What a try of the node knows before its first item: set by the node run that starts it. */
export interface TryRules {
	flow: FlowShare;
	continueOnFail: boolean;
	/** How many items n8n hands over in this try, where the node's own input tells. */
	expected?: number;
	/** n8n's Batching interval: n8n pauses this long between groups of items. */
	batchIntervalMs: number;
	/** The last try: after a failure without Continue On Fail, n8n will not run the node again. */
	lastTry: boolean;
}

/** Why a try stopped sending. */
type Halt = 'failure' | 'stop';

/** One try of the node over its items (see nodeRun.ts for the rules). */
export class NodeTry implements TicketTry {
	private readonly tickets = new Map<number, ItemTicket>();
	private registrations = 0;
	private finished = 0;
	/** Items registered since n8n last paused handing them over. */
	private handingOver: ItemTicket[] = [];
	/** Items of complete groups still being built, and those built and waiting to be let go. */
	private building = 0;
	private waiting: ItemTicket[] = [];
	private groupCheckPending = false;
	/** Whether n8n has handed over every item it is going to hand over in this try. */
	private handedOver = false;
	private halt?: Halt;
	private readonly halted: Promise<void>;
	private resolveHalted = () => undefined as void;
	private settledWaiters: Array<() => void> = [];
	private handedOverWaiters: Array<() => void> = [];

	constructor(private readonly settings: TryRules) {
		this.halted = new Promise<void>((resolve) => (this.resolveHalted = resolve));
	}

	has(index: number): boolean {
		return this.tickets.has(index);
	}

	get stopped(): boolean {
		return this.halt !== undefined;
	}

	/** Whether n8n's Stop ended the try (rather than an item that failed). */
	get stoppedByUser(): boolean {
		return this.halt === 'stop';
	}

	get continueOnFail(): boolean {
		return this.settings.continueOnFail;
	}

	register(index: number): ItemTicket {
		const ticket = new ItemTicket(this, index);
		this.tickets.set(index, ticket);
		this.registrations++;
		this.handingOver.push(ticket);
		this.checkGroupSoon();
		// n8n goes on handing items over after the try stopped (Batching): they are never sent.
		if (this.halt) ticket.decide(false);
		return ticket;
	}

	/**
	 * n8n builds the items it hands over in one go synchronously, so once a macrotask has passed with
	 * no new item, that group is complete: n8n pauses (Batching) or has ended.
	 */
	private checkGroupSoon(): void {
		if (this.groupCheckPending) return;
		this.groupCheckPending = true;
		const seen = this.registrations;
		void sleep(0).then(() => {
			this.groupCheckPending = false;
			if (this.registrations !== seen) this.checkGroupSoon();
			else this.closeGroup();
		});
	}

	private closeGroup(): void {
		for (const ticket of this.handingOver) {
			ticket.grouped = true;
			if (ticket.phase === 'building') this.building++;
			else if (ticket.phase === 'ready') this.waiting.push(ticket);
		}
		this.handingOver = [];
		const seen = this.registrations;
		const { expected, batchIntervalMs } = this.settings;
		if ((expected !== undefined && seen >= expected) || batchIntervalMs === 0) {
			this.allHandedOver();
		} else {
			// With Batching, n8n sleeps between groups: it has stopped if no item came after that sleep.
			void sleep(batchIntervalMs + LOOP_PAUSE_MARGIN_MS).then(() => {
				if (this.registrations !== seen || this.handedOver) return;
				this.allHandedOver();
				this.letGo();
			});
		}
		this.letGo();
	}

	private allHandedOver(): void {
		this.handedOver = true;
		for (const resolve of this.handedOverWaiters.splice(0)) resolve();
	}

	/**
	 * Once n8n has handed over every item of the try. An item's error waits for it: with Batching, n8n
	 * only starts listening to the items' outcomes after handing over the last one, and an error before
	 * that would be an unhandled rejection in n8n's process.
	 */
	async whenHandedOver(): Promise<void> {
		if (this.handedOver) return;
		await new Promise<void>((resolve) => this.handedOverWaiters.push(resolve));
	}

	/** A grouped item is built (true) or failed to build (false). */
	built(ticket: ItemTicket, valid: boolean): void {
		if (ticket.grouped) {
			this.building--;
			if (valid) this.waiting.push(ticket);
		}
		if (!valid && !this.settings.continueOnFail) this.stop('failure');
		else this.letGo();
	}

	/** Once every item of the complete groups is built, lets them go in input order. */
	private letGo(): void {
		if (!this.halt && this.building === 0) {
			const { expected, continueOnFail } = this.settings;
			// An item that failed before its first step (an expression, say) never registered: n8n has
			// already failed the node for it.
			const missing = this.handedOver && expected !== undefined && this.registrations < expected;
			if (missing && !continueOnFail) {
				this.stop('failure');
				return;
			}
			const waiting = this.waiting.sort((a, b) => a.index - b.index);
			this.waiting = [];
			for (const ticket of waiting) ticket.decide(true);
		}
		this.checkSettled();
	}

	/** No further request of this try starts; those waiting to be let go or for a turn are not sent. */
	stop(halt: Halt): void {
		if (this.halt) return;
		this.halt = halt;
		this.waiting = [];
		for (const ticket of this.tickets.values()) ticket.decide(false);
		this.settings.flow.dropStopped();
		this.resolveHalted();
		this.checkSettled();
	}

	async turn(index: number): Promise<Slot | undefined> {
		return await this.settings.flow.acquire(index, () => this.stopped);
	}

	/** Waits `ms`, or less when the try stops meanwhile. */
	async pause(ms: number): Promise<void> {
		await Promise.race([sleep(ms), this.halted]);
	}

	/** An item reached its outcome. */
	finish(phase: Phase, halts = true): void {
		this.finished++;
		// Without Continue On Fail, on the last try, nothing more is sent after a failure.
		const failed = halts && (phase === 'failed' || phase === 'unknown');
		if (failed && !this.settings.continueOnFail && this.settings.lastTry) this.stop('failure');
		// Also after a later failure, when the try had already halted.
		this.checkSettled();
	}

	get reportsOutcomes(): boolean {
		return !this.settings.continueOnFail && this.settings.lastTry;
	}

	private checkSettled(): void {
		if (!this.settled) return;
		for (const resolve of this.settledWaiters.splice(0)) resolve();
	}

	private get settled(): boolean {
		return this.handedOver && this.finished === this.registrations;
	}

	/** Once every item of the try has its outcome. */
	async whenSettled(): Promise<void> {
		if (this.settled) return;
		await new Promise<void>((resolve) => this.settledWaiters.push(resolve));
	}

	get itemCount(): number {
		return this.settings.expected ?? this.registrations;
	}

	/** What happened to the try's items, for the error that fails the node. */
	outcomes(): string {
		const total = this.itemCount;
		const byPhase = new Map<Phase | 'unsent', number[]>();
		for (let index = 0; index < total; index++) {
			const phase = this.tickets.get(index)?.phase;
			const outcome =
				phase === 'succeeded' || phase === 'failed' || phase === 'unknown' ? phase : 'unsent';
			byPhase.set(outcome, [...(byPhase.get(outcome) ?? []), index]);
		}
		const of = (phase: Phase) => byPhase.get(phase) ?? [];
		const [succeeded, failed, unknown, unsent] = [
			of('succeeded'),
			of('failed'),
			of('unknown'),
			of('unsent'),
		];
		const sent = succeeded.length + failed.length + unknown.length;
		return [
			`${sent} of ${total} items were sent: ${succeeded.length} succeeded, ${failed.length + unknown.length} failed; ${unsent.length} were not sent.`,
			unknown.length
				? `Failed without a clear answer (they may have taken effect): ${itemList(unknown)}.`
				: '',
			failed.length ? `Failed: ${itemList(failed)}.` : '',
			unsent.length ? `Not sent: ${itemList(unsent)}.` : '',
			unknown.length
				? 'Running the node again sends every item again: run it only for the items that failed with a clear answer or were not sent, once you have checked the service for the others. Settings → Retry On Fail sends again only those, never an item that may have taken effect.'
				: 'Running the node again sends every item again: run it only for the items that failed or were not sent, or turn on Settings → Retry On Fail, which sends again only those.',
		]
			.filter(Boolean)
			.join(' ');
	}
}

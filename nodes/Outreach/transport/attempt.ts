import { sleep, type IExecuteSingleFunctions } from 'n8n-workflow';

import type { NodeRun } from './nodeRun';
import { ItemTicket, type Phase } from './itemTicket';
import { itemList } from './itemList';

/** How long after its Batching interval the routing engine is taken to have stopped handing items over. */
const LOOP_PAUSE_MARGIN_MS = 1_000;

/** One try of the node over its items. */
export class Attempt {
	private readonly tickets = new Map<number, ItemTicket>();
	private readonly continueOnFail: boolean;
	/** How many items n8n hands over in this try, where the node's own input tells. */
	private readonly expected?: number;
	private readonly batchIntervalMs: number;
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
	private halted = false;
	private settledWaiters: Array<() => void> = [];

	constructor(
		readonly run: NodeRun,
		context: IExecuteSingleFunctions,
		/** The last try: after a failure without Continue On Fail, n8n will not run the node again. */
		private readonly lastTry: boolean,
	) {
		this.continueOnFail = context.continueOnFail();
		this.expected = run.coordinated ? handedOverCount(context) : undefined;
		const { batching } = context.getNodeParameter('requestOptions', {}) as {
			batching?: { batch?: { batchSize?: number; batchInterval?: number } };
		};
		this.batchIntervalMs = Number(batching?.batch?.batchInterval) || 0;
	}

	has(index: number): boolean {
		return this.tickets.has(index);
	}

	get stopped(): boolean {
		return this.halted;
	}

	register(index: number): ItemTicket {
		const ticket = new ItemTicket(this, index);
		this.tickets.set(index, ticket);
		this.handingOver.push(ticket);
		this.registrations++;
		this.checkGroupSoon();
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
		if ((this.expected !== undefined && seen >= this.expected) || this.batchIntervalMs === 0) {
			this.handedOver = true;
		} else {
			// With Batching, n8n sleeps between groups: it has stopped if no item came after that sleep.
			void sleep(this.batchIntervalMs + LOOP_PAUSE_MARGIN_MS).then(() => {
				if (this.registrations !== seen || this.handedOver) return;
				this.handedOver = true;
				this.letGo();
			});
		}
		this.letGo();
	}

	/** A grouped item is built (true) or failed to build (false). */
	built(ticket: ItemTicket, valid: boolean): void {
		if (ticket.grouped) {
			this.building--;
			if (valid) this.waiting.push(ticket);
		}
		if (!valid && !this.continueOnFail) this.halt();
		else this.letGo();
	}

	/** Once every item of the complete groups is built, lets them go in input order. */
	private letGo(): void {
		if (!this.halted && this.building === 0) {
			// An item that failed before its first step (an expression, say) never registered: n8n has
			// already failed the node for it.
			const missing =
				this.handedOver && this.expected !== undefined && this.registrations < this.expected;
			if (missing && !this.continueOnFail) {
				this.halt();
				return;
			}
			const waiting = this.waiting.sort((a, b) => a.index - b.index);
			this.waiting = [];
			for (const ticket of waiting) ticket.decide(true);
		}
		this.checkSettled();
	}

	/** No further request of this try starts; those waiting for a turn are not sent. */
	halt(): void {
		if (this.halted) return;
		this.halted = true;
		this.waiting = [];
		for (const ticket of this.tickets.values()) ticket.decide(false);
		this.run.flow.dropStopped();
		this.checkSettled();
	}

	/** An item reached its outcome. */
	finish(phase: Phase): void {
		this.finished++;
		// Without Continue On Fail, on the last try, nothing more is sent after a failure.
		if (phase === 'failed' && !this.continueOnFail && this.lastTry) this.halt();
		// Also after a later failure, when the try had already halted.
		this.checkSettled();
	}

	get reportsOutcomes(): boolean {
		return !this.continueOnFail && this.lastTry;
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
		return this.expected ?? this.registrations;
	}

	/** What happened to the try's items, for the error that fails the node. */
	outcomes(): string {
		const total = this.itemCount;
		const succeeded: number[] = [];
		const failed: number[] = [];
		const unsent: number[] = [];
		for (let index = 0; index < total; index++) {
			const phase = this.tickets.get(index)?.phase;
			if (phase === 'succeeded') succeeded.push(index);
			else if (phase === 'failed') failed.push(index);
			else unsent.push(index);
		}
		const sent = succeeded.length + failed.length;
		return [
			`${sent} of ${total} items were sent: ${succeeded.length} succeeded, ${failed.length} failed; ${unsent.length} were not sent.`,
			failed.length ? `Failed: ${itemList(failed)}.` : '',
			unsent.length ? `Not sent: ${itemList(unsent)}.` : '',
			'Running the node again sends every item again: run it only for the items that failed or were not sent, or turn on Settings → Retry On Fail, which sends again only those.',
		]
			.filter(Boolean)
			.join(' ');
	}
}

/** The number of items n8n runs this node on in this try (Execute Once runs it on the first only). */
function handedOverCount(context: IExecuteSingleFunctions): number | undefined {
	const data = context.getExecuteData().data;
	const items = (data.main ?? data.ai_tool)?.[0];
	if (!Array.isArray(items)) return undefined;
	return context.getNode().executeOnce ? Math.min(1, items.length) : items.length;
}

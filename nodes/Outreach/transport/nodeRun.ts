import {
	sleep,
	type IExecuteData,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type PreSendAction,
} from 'n8n-workflow';

import {
	DEFAULT_CONCURRENT_REQUESTS,
	DEFAULT_RATE_LIMIT_WAIT_SECONDS,
	MAX_REMEMBERED_RECORDS,
} from '../shared/constants';
import { nodeError } from '../shared/errors';
import { FlowControl, type Slot } from './flowControl';
import { itemList } from './itemList';
import { positiveOption } from './options';

/**
 * One run of the node over its items, as n8n's routing engine hands them over: it builds every item's
 * request in one synchronous loop (pausing only for its Batching option) and starts each at once.
 * The run holds them back until every item handed over in one go is built, so that an invalid item
 * stops the node before anything is sent; then they take turns in the run's flow control. A run
 * outlives n8n's Retry On Fail: each try is an attempt, and an item whose exact request succeeded in
 * an earlier attempt outputs that answer again instead of being sent.
 */

type Phase = 'building' | 'ready' | 'invalid' | 'sending' | 'succeeded' | 'failed' | 'unsent';

const FINAL: ReadonlySet<Phase> = new Set(['invalid', 'succeeded', 'failed', 'unsent']);

/** How long after its Batching interval the routing engine is taken to have stopped handing items over. */
const LOOP_PAUSE_MARGIN_MS = 1_000;

interface Remembered {
	fingerprint: string;
	output: INodeExecutionData[];
}

class NodeRun {
	readonly flow: FlowControl;
	readonly waitBudgetMs: number;
	/** Answers of items that succeeded, by item index: what n8n's Retry On Fail gets back. */
	readonly answers = new Map<number, Remembered>();
	private readonly maxTries: number;
	private attempts = 0;
	private current?: Attempt;

	constructor(
		context: IExecuteSingleFunctions,
		/** Items coordinated with each other: false for a run that is not the node's own execution. */
		readonly coordinated: boolean,
	) {
		this.flow = new FlowControl(
			positiveOption(context, 'options.maxConcurrentRequests', 'Max Concurrent Requests', {
				fallback: DEFAULT_CONCURRENT_REQUESTS,
				least: 1,
			}),
		);
		this.waitBudgetMs =
			positiveOption(context, 'options.maxRateLimitWait', 'Max Wait for Rate Limits (Seconds)', {
				fallback: DEFAULT_RATE_LIMIT_WAIT_SECONDS,
				least: 0,
			}) * 1_000;
		const node = context.getNode();
		// n8n's own bounds for Retry On Fail's tries.
		this.maxTries =
			coordinated && node.retryOnFail ? Math.min(5, Math.max(2, node.maxTries || 3)) : 1;
		if (coordinated) {
			context.getExecutionCancelSignal()?.addEventListener('abort', () => this.current?.halt(), {
				once: true,
			});
		}
	}

	/** The item's ticket in the current attempt; the item's first step starts a new attempt. */
	register(context: IExecuteSingleFunctions): ItemTicket {
		const index = context.getItemIndex();
		if (!this.current || this.current.has(index)) {
			this.attempts++;
			this.current = new Attempt(this, context, this.attempts >= this.maxTries);
		}
		return this.current.register(index);
	}

	remembered(index: number, fingerprint: string): INodeExecutionData[] | undefined {
		const answer = this.answers.get(index);
		return answer?.fingerprint === fingerprint ? answer.output : undefined;
	}

	remember(index: number, fingerprint: string, output: INodeExecutionData[]): void {
		if (this.coordinated && output.length <= MAX_REMEMBERED_RECORDS)
			this.answers.set(index, { fingerprint, output });
	}
}

/** One try of the node over its items. */
class Attempt {
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

/** One item's request in one attempt, from its first step to its outcome. */
export class ItemTicket {
	phase: Phase = 'building';
	/** Whether the item belongs to a group that n8n has finished handing over. */
	grouped = false;
	private resolveDecision?: (go: boolean) => void;
	private readonly decision = new Promise<boolean>((resolve) => (this.resolveDecision = resolve));

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
		return await this.run.flow.acquire(this.index, () => this.attempt.stopped);
	}

	settle(phase: 'succeeded' | 'failed' | 'unsent'): void {
		if (FINAL.has(this.phase)) return;
		const wasBuilding = this.phase === 'building';
		this.phase = phase;
		// An answer remembered from an earlier try settles the item before it is built.
		if (wasBuilding) this.attempt.built(this, true);
		this.decide(false);
		this.attempt.finish(phase);
	}
}

const runs = new WeakMap<IExecuteData, NodeRun>();
/** Each item's ticket, by the request options n8n passes from step to step and to the hook. */
const tickets = new WeakMap<object, ItemTicket>();

/**
 * The node run an item belongs to. n8n gives every try of a node's execution the same execute data,
 * and a new one to every other execution, so a run never outlives its execution. A node run as an
 * AI agent's tool is handed the agent's execute data: each invocation is then a run of its own.
 */
function nodeRunOf(context: IExecuteSingleFunctions): NodeRun {
	const executeData = context.getExecuteData();
	if (executeData?.node?.name !== context.getNode().name) return new NodeRun(context, false);
	let run = runs.get(executeData);
	if (!run) {
		run = new NodeRun(context, true);
		runs.set(executeData, run);
	}
	return run;
}

/** The first step of every operation: the item joins its node run. */
export async function registerItem(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	tickets.set(requestOptions, nodeRunOf(this).register(this));
	return requestOptions;
}

/** The ticket of the item whose request this is; one of its own when the item never registered. */
export function ticketOf(context: IExecuteSingleFunctions, requestOptions: object): ItemTicket {
	const ticket = tickets.get(requestOptions);
	if (ticket) return ticket;
	const own = new NodeRun(context, false).register(context);
	tickets.set(requestOptions, own);
	return own;
}

const PRE_SEND_STEP = Symbol.for('n8n-nodes-outreach.preSendStep');

/**
 * A step that builds or checks an item's request. When it fails, the item's node run learns that the
 * item is invalid, so that, without Continue On Fail, no item of the run is sent.
 */
export function preSendStep(step: PreSendAction): PreSendAction {
	const tracked = async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		try {
			return await step.call(this, requestOptions);
		} catch (error) {
			tickets.get(requestOptions)?.invalid();
			throw nodeError(this, error);
		}
	};
	return Object.assign(tracked, { [PRE_SEND_STEP]: true });
}

export function isPreSendStep(step: unknown): boolean {
	return (
		typeof step === 'function' && (step as { [PRE_SEND_STEP]?: boolean })[PRE_SEND_STEP] === true
	);
}

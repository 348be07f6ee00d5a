import type {
	IExecuteData,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	PreSendAction,
} from 'n8n-workflow';

import {
	DEFAULT_CONCURRENT_REQUESTS,
	DEFAULT_RATE_LIMIT_WAIT_SECONDS,
	MAX_REMEMBERED_RECORDS,
} from '../shared/constants';
import { nodeError } from '../shared/errors';
import { Attempt } from './attempt';
import { FlowControl } from './flowControl';
import type { ItemTicket } from './itemTicket';
import { positiveOption } from './options';

/**
 * One run of the node over its items, as n8n's routing engine hands them over: it builds every item's
 * request in one synchronous loop (pausing only for its Batching option) and starts each at once.
 * The run holds them back until every item handed over in one go is built, so that an invalid item
 * stops the node before anything is sent; then they take turns in the run's flow control. A run
 * outlives n8n's Retry On Fail: each try is an attempt, and an item whose exact request succeeded in
 * an earlier attempt outputs that answer again instead of being sent.
 */

interface Remembered {
	fingerprint: string;
	output: INodeExecutionData[];
}

export class NodeRun {
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

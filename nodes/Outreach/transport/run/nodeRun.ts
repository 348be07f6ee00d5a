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
} from '../../shared/constants';
import { nodeError } from '../../shared/errors';
import { accountFlow } from './accountFlow';
import type { FlowShare } from './flowShare';
import { NodeTry } from './nodeTry';
import { credentialGuards } from '../guardrails';
import type { ItemTicket } from './itemTicket';
import { positiveOption } from './runOptions';

/**
 * One run of the node over its items, as n8n's routing engine hands them over: it builds every item's
 * request in one synchronous loop (pausing only for its Batching option) and starts each at once. A
 * run outlives n8n's Retry On Fail: each try is a NodeTry (nodeTry.ts) of the same run, and the run
 * remembers what became of each write, by item, for the next try. The rules, in the order they apply:
 *
 * | when                                                    | what happens to the item                           |
 * | ------------------------------------------------------- | -------------------------------------------------- |
 * | a write succeeded in an earlier try                     | not sent: that answer is its output again          |
 * | a write failed without a clear answer in an earlier try | not sent: an error saying it may have taken effect |
 * |   … with Options → Resend After Unknown Outcome         | sent again                                         |
 * | identical to a write of the execution with an unknown outcome | not sent, the same error; the others go on    |
 * | a read, or a write not sent or clearly refused before   | sent                                               |
 * | its request is built, others of its group are not yet   | held: n8n hands a group over in one go             |
 * | every item of its group is built                        | let go, in input order, to take its turn (flow)    |
 * | a call gets its turn outside the Calling Hours          | not sent: an error saying when to call             |
 * | an item of the try is invalid, without Continue On Fail | the try halts: nothing not yet sent is sent        |
 * | a request fails on the last try, without Continue On Fail | the try halts                                    |
 * | n8n's Stop (the execution's cancel signal)              | the try halts; waits end at once                   |
 * | handed over after the try halted (Batching)             | not sent: an error item after Stop with Continue On Fail, else no output |
 *
 * What is remembered is the item, not its request: an item whose expressions give another request on
 * the next try ($now, say) is still the item that succeeded. The run lives as long as n8n's execute
 * data for it, that is as long as its execution.
 */

/** What an earlier try left of one item that changes data. */
export type ItemMemory = { succeeded: INodeExecutionData[] } | { unknown: true };

/** What a try does with an item, given what an earlier try left of it. */
export type EarlierTryRule = 'send' | 'block' | { answer: INodeExecutionData[] };

export function ruleOfEarlierTry(
	memory: ItemMemory | undefined,
	changesData: boolean,
	resendUnknown: boolean,
): EarlierTryRule {
	if (!changesData || !memory) return 'send';
	if ('succeeded' in memory) return { answer: memory.succeeded };
	return resendUnknown ? 'send' : 'block';
}

export class NodeRun {
	/** Where the run's requests take turns: its share of its service account's flow. */
	readonly flow: FlowShare;
	readonly waitBudgetMs: number;
	/** What earlier tries left of each write, by item index. */
	private readonly memory = new Map<number, ItemMemory>();
	private readonly maxTries: number;
	private tries = 0;
	private current?: NodeTry;
	private readonly cancel?: AbortSignal;

	constructor(
		context: IExecuteSingleFunctions,
		/** Items coordinated with each other: false for a run that is not the node's own execution. */
		readonly coordinated: boolean,
	) {
		const limit = positiveOption(
			context,
			'options.maxConcurrentRequests',
			'Max Concurrent Requests',
			{ fallback: DEFAULT_CONCURRENT_REQUESTS, least: 1 },
		);
		// The account is known once the credential is read, at the first request's turn.
		let share: Promise<FlowShare> | undefined;
		const shareOf = async () =>
			await (share ??= credentialGuards(context, this).then(({ service }) =>
				accountFlow(service).share(limit),
			));
		this.flow = {
			acquire: async (item, stopped) => await (await shareOf()).acquire(item, stopped),
			dropStopped: () => void share?.then((known) => known.dropStopped()),
		};
		this.waitBudgetMs =
			positiveOption(context, 'options.maxRateLimitWait', 'Max Wait for Rate Limits (Seconds)', {
				fallback: DEFAULT_RATE_LIMIT_WAIT_SECONDS,
				least: 0,
			}) * 1_000;
		const node = context.getNode();
		// n8n's own bounds for Retry On Fail's tries.
		this.maxTries =
			coordinated && node.retryOnFail ? Math.min(5, Math.max(2, node.maxTries || 3)) : 1;
		this.cancel = context.getExecutionCancelSignal();
		this.cancel?.addEventListener('abort', () => this.current?.stop('stop'), { once: true });
	}

	/** The item's ticket in the current try; the item's first step starts a new try. */
	register(context: IExecuteSingleFunctions): ItemTicket {
		const index = context.getItemIndex();
		if (!this.current || this.current.has(index)) {
			this.tries++;
			this.current = new NodeTry({
				flow: this.flow,
				continueOnFail: context.continueOnFail(),
				expected: this.coordinated ? handedOverCount(context) : undefined,
				batchIntervalMs: batchIntervalMs(context),
				lastTry: this.tries >= this.maxTries,
			});
			if (this.cancel?.aborted) this.current.stop('stop');
		}
		return this.current.register(index);
	}

	/** The try an item's ticket belongs to. */
	get nodeTry(): NodeTry {
		if (!this.current) throw new Error('No item of this run has registered');
		return this.current;
	}

	rule(index: number, changesData: boolean, resendUnknown: boolean): EarlierTryRule {
		return ruleOfEarlierTry(this.memory.get(index), changesData, resendUnknown);
	}

	/** What became of a write of the item; forgotten when nothing happened (it may be sent again). */
	remember(index: number, memory: ItemMemory | undefined): void {
		if (!this.coordinated) return;
		if (memory) this.memory.set(index, memory);
		else this.memory.delete(index);
	}
}

/** The number of items n8n runs this node on in this try (Execute Once runs it on the first only). */
function handedOverCount(context: IExecuteSingleFunctions): number | undefined {
	const data = context.getExecuteData().data;
	const items = (data.main ?? data.ai_tool)?.[0];
	if (!Array.isArray(items)) return undefined;
	return context.getNode().executeOnce ? Math.min(1, items.length) : items.length;
}

/** n8n's Batching interval (Request Options → Batching), 0 without it. */
function batchIntervalMs(context: IExecuteSingleFunctions): number {
	const { batching } = context.getNodeParameter('requestOptions', {}) as {
		batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	};
	return Number(batching?.batch?.batchInterval) || 0;
}

const runs = new WeakMap<IExecuteData, NodeRun>();

/** An item's place in its node run: the run and the item's ticket in the current try. */
export interface ItemPlace {
	run: NodeRun;
	ticket: ItemTicket;
	nodeTry: NodeTry;
}

/** Each item's place, by the request options n8n passes from step to step and to the hook. */
const places = new WeakMap<object, ItemPlace>();

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

function join(run: NodeRun, context: IExecuteSingleFunctions): ItemPlace {
	const ticket = run.register(context);
	return { run, ticket, nodeTry: run.nodeTry };
}

/** The first step of every operation: the item joins its node run. */
export async function registerItem(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	places.set(requestOptions, join(nodeRunOf(this), this));
	return requestOptions;
}

/** The place of the item whose request this is; one of its own when the item never registered. */
export function placeOf(context: IExecuteSingleFunctions, requestOptions: object): ItemPlace {
	const place = places.get(requestOptions);
	if (place) return place;
	const own = join(new NodeRun(context, false), context);
	places.set(requestOptions, own);
	return own;
}

/**
 * An error as whoever reads it gets it. When the node runs as an AI agent's tool, n8n's tool wrapper
 * passes the agent the message and, on some releases (n8n 1.110 to 1.114), nothing of the description,
 * where the node says what to do next: the message then carries both (n8n appends the description
 * only when the message does not hold it already).
 */
export function toldTo<T extends Error & { description?: string | null }>(
	run: NodeRun,
	error: T,
): T {
	const { description } = error;
	if (!run.coordinated && description && !error.message.includes(description))
		error.message = `${error.message}. ${description}`;
	return error;
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
			const place = places.get(requestOptions);
			place?.ticket.invalid();
			await place?.nodeTry.whenHandedOver();
			const failure = nodeError(this, error);
			throw place ? toldTo(place.run, failure) : failure;
		}
	};
	return Object.assign(tracked, { [PRE_SEND_STEP]: true });
}

export function isPreSendStep(step: unknown): boolean {
	return (
		typeof step === 'function' && (step as { [PRE_SEND_STEP]?: boolean })[PRE_SEND_STEP] === true
	);
}

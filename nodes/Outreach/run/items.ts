import { sleep, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

import type { Operation } from '../actions/operation';
import { callingHoursCheck, destinationBlock, requestKey, serialiseBody } from '../guardrails';
import { nodeError } from '../shared/errors';
import { buildRequest, type BuiltRequest } from './build';
import {
	blocked,
	ended,
	failed,
	outcomeUnknown,
	notSentAgain,
	outcomes,
	outsideHours,
	stoppedItem,
	type Ending,
	type Endings,
	type ItemError,
} from './endings';
import { checkedEnding, claim, type Planned } from './claims';
import { PlanFeed } from './feed';
import { addRunHints } from './hints';
import { NodeRun } from './nodeRun';
import { sendPlan, withdraw, type Plan } from './sending';

/**
 * With Continue On Fail, the first group checked against the record, in rounds of Max Concurrent
 * Requests, planned whole before its first request (a second group a round later cost as much as it
 * saved: bench section 9); each later group is FEED_GROWTH times larger.
 */
const FEED_FIRST = 4;
const FEED_GROWTH = 4;
/** Items planned between two looks at the answers of those under way. */
const FEED_SLICE = 50;
/**
 * Senders per request in flight: while refused ones wait out Retry-After, others wait for a turn, so
 * that the gate can send one to learn when the service admits again.
 */
const SENDERS_PER_REQUEST = 2;

/**
 * The node's run over its items. The rules, in the order they apply to an item:
 *
 * | when                                                            | what happens to the item                         |
 * | --------------------------------------------------------------- | ------------------------------------------------ |
 * | a write succeeded in an earlier try (Retry On Fail)             | not sent: that answer is its output again        |
 * | a write failed without a clear answer in an earlier try         | not sent: an error saying it may have taken effect |
 * |   … with Options → Resend After Unknown Outcome                 | built and checked again                          |
 * | its form cannot be read, or a guardrail blocks it               | an error; without Continue On Fail, none is sent |
 * | identical to a write of the execution with an unknown outcome   | not sent, an error; the others go on             |
 * | identical to a call or campaign already placed                  | not sent: that answer, marked repeated           |
 * | otherwise                                                       | sent, in input order, as its turn comes (gate)   |
 * | identical to a call or campaign in flight                       | waits for its outcome, then as above             |
 * | a call gets its turn outside the Calling Hours                  | not sent: an error saying when to call           |
 * | a request fails on the last try, without Continue On Fail       | nothing not yet sent is sent                     |
 * | n8n's Stop (the execution's cancel signal)                      | nothing not yet sent is sent; waits end at once  |
 */
export async function runItems(
	context: IExecuteFunctions,
	operation: Operation,
): Promise<INodeExecutionData[]> {
	const run = await NodeRun.start(context, operation);
	try {
		const count = context.getInputData().length;
		const endings: Endings = new Array(count);
		const feed = new PlanFeed(run, endings, count);
		const sending = sendPlans(run, feed, endings, count);
		try {
			await planItems(run, feed, endings, count);
		} finally {
			feed.end();
			await sending;
			await feed.closeAll();
		}
		return finish(run, endings);
	} finally {
		run.end();
	}
}

/** Plans every item; without Continue On Fail, all before any is sent: one invalid stops all. */
async function planItems(run: NodeRun, feed: PlanFeed, endings: Endings, count: number) {
	const { continueOnFail, concurrency } = run.settings;
	let plans: Plan[] = [];
	let through = continueOnFail ? Math.min(count, FEED_FIRST * concurrency) : count;
	for (let index = 0; index < count && !run.stopped; index++) {
		// Planning holds the process: the answers of the plans under way are taken in between.
		if (feed.sending && index % FEED_SLICE === 0) await sleep(0);
		let planned = await planItem(run, index);
		if ('plan' in planned && feed.shares(planned.plan)) {
			withdraw([planned.plan]);
			await feed.add(plans, index);
			plans = [];
			await feed.drained();
			if (run.stopped) break;
			planned = await planItem(run, index);
		}
		if ('plan' in planned) plans.push(planned.plan);
		else endings[index] = planned.ending;
		if ('halts' in planned && planned.halts && !continueOnFail) break;
		if (index + 1 < through) continue;
		await feed.add(plans, index + 1);
		plans = [];
		through = Math.min(count, through * FEED_GROWTH);
	}
	withdraw(plans);
}

const halting = (ending: Ending): Planned => ({ ending, halts: true });

/** What the item is to do: its request built and checked, or how it ends without being sent. */
async function planItem(run: NodeRun, index: number): Promise<Planned | { plan: Plan }> {
	const { context, operation, settings } = run;
	const node = context.getNode();
	const { write } = operation;
	const earlier = write ? run.memory?.recall(index) : undefined;
	if (typeof earlier === 'object')
		return { ending: { ...ended('succeeded', earlier.answer), earlier: true } };
	if (write && earlier === 'unknown' && !settings.resendUnknown) {
		const error = outcomeUnknown(notSentAgain(node, write.unknownOutcome, index), write);
		return { ending: { ...failed('unknown', error, index), earlier: true } };
	}
	let built: BuiltRequest;
	try {
		built = await buildRequest(context, operation, index);
	} catch (error) {
		return halting(failed('unsent', nodeError(node, error), index));
	}
	if (!write) return { plan: { index, built } };

	const serialised = serialiseBody(built.request);
	if ('block' in serialised) return halting(blocked(node, serialised.block, index));
	const { sent } = serialised;
	const destinations = write.destinations && destinationBlock(run.guards, sent, write.destinations);
	if (destinations) return halting(blocked(node, destinations, index));
	const hours =
		write.callingHours && callingHoursCheck(run.guards, built.recipientZone, context.getTimezone());
	if (hours && 'block' in hours) return halting(blocked(node, hours.block, index));
	if (hours) return halting(outsideHours(run, hours.outside, index, 'unsent'));
	const key = requestKey(built.request, sent);
	const check = claim(run, key, sent);
	return checkedEnding(run, check, index) ?? { plan: { index, built, sent, key, check } };
}

/** Sends the planned items in input order as the feed hands them over, each when its turn comes. */
async function sendPlans(run: NodeRun, feed: PlanFeed, endings: Endings, count: number) {
	const work = async () => {
		for (let fed = await feed.take(); fed; fed = await feed.take()) {
			const { plan } = fed;
			await run.pause(run.batchTime(plan.index) - Date.now());
			if (run.stopped) return withdraw([plan]);
			const lane = run.lane(plan.index, plan.built.recipientZone);
			endings[plan.index] = await sendPlan(run, plan, lane);
			lane.release();
			feed.done(fed);
		}
	};
	const { concurrency } = run.settings;
	const senders = concurrency === 1 ? 1 : SENDERS_PER_REQUEST * concurrency;
	await Promise.all(Array.from({ length: Math.min(senders, count) }, work));
}

/** The run's output; without Continue On Fail, the first error, saying what became of every item. */
function finish(run: NodeRun, endings: Endings): INodeExecutionData[] {
	const node = run.context.getNode();
	const { continueOnFail } = run.settings;
	const output: INodeExecutionData[] = [];
	let failure: ItemError | undefined;
	for (const [index, ending] of endings.entries()) {
		if (!ending) {
			if (run.stoppedByUser && continueOnFail) output.push(stoppedItem(node, index));
			continue;
		}
		if ('output' in ending) output.push(...ending.output);
		else if (continueOnFail)
			output.push({ json: {}, error: told(run, ending.error), pairedItem: { item: index } });
		else failure ??= ending.error;
	}
	if (!failure) {
		addRunHints(run, output);
		return output;
	}
	if (run.lastTry && endings.length > 1) {
		const summary = outcomes(endings, run.operation.write);
		failure.description = failure.description ? `${failure.description} ${summary}` : summary;
	}
	throw told(run, failure);
}

/** For an AI agent the message carries the description: n8n 1.110's tool wrapper passes one only. */
function told(run: NodeRun, error: ItemError): ItemError {
	const { description } = error;
	if (run.coordinated || !description) return error;
	if (!error.message.includes(description)) error.message = `${error.message}. ${description}`;
	error.description = null;
	return error;
}

// What an item ends as: its output, or its error and what became of its request.
import {
	NodeOperationError,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type NodeApiError,
} from 'n8n-workflow';

import type { Write } from '../actions/operation';
import { formFields, RESEND_OPTION, type Block, type OutsideHours } from '../guardrails';
import { itemList } from './itemList';
import type { NodeRun } from './nodeRun';

type Outcome = 'succeeded' | 'failed' | 'unknown' | 'unsent';

export type ItemError = NodeApiError | NodeOperationError;

export type Ending = {
	outcome: Outcome;
	/** Not sent now: an earlier try, or the execution this one retries, sent it. */
	earlier?: true;
} & ({ output: INodeExecutionData[] } | { error: ItemError });

/** Each item's ending, by index; none for an item not sent. */
export type Endings = Array<Ending | undefined>;

export const ended = (outcome: Outcome, output: INodeExecutionData[]): Ending => ({
	outcome,
	output,
});

export function failed(outcome: Outcome, error: ItemError, index: number): Ending {
	error.context.itemIndex = index;
	return { outcome, error };
}

export function blockError(node: INode, block: Block, index: number): NodeOperationError {
	return new NodeOperationError(node, block.message, {
		itemIndex: index,
		description: block.description,
	});
}

export function blocked(node: INode, block: Block, index: number): Ending {
	return failed('unsent', blockError(node, block, index), index);
}

/** A call outside the Calling Hours; as an item (Continue On Fail, not a tool), it says when to call. */
export function outsideHours(
	run: NodeRun,
	outside: OutsideHours,
	index: number,
	outcome: Outcome,
): Ending {
	if (run.settings.continueOnFail && run.coordinated)
		return ended(outcome, [{ json: { error: { ...outside } }, pairedItem: { item: index } }]);
	const error = new NodeOperationError(run.context.getNode(), outside.message, {
		itemIndex: index,
		description: `Nothing was sent. Calling again before ${outside.nextCallAllowedAt} is blocked the same way; with Continue On Fail, the item's error carries that moment as nextCallAllowedAt, for a Wait node.`,
	});
	return failed(outcome, error, index);
}

/** What a write would have sent, in a Dry Run: never the token; a form's files described. */
export function dryRunOutput(
	baseUrl: string,
	request: IHttpRequestOptions,
	sent: unknown,
	index: number,
): INodeExecutionData[] {
	const url = new URL(`${baseUrl}/${request.url.replace(/^\/+/, '')}`);
	for (const [name, value] of Object.entries(request.qs ?? {}))
		url.searchParams.set(name, String(value));
	const body = (sent instanceof FormData ? formFields(sent) : sent) as IDataObject;
	const json = { dryRun: true, method: request.method ?? 'GET', url: url.href, body };
	return [{ json, pairedItem: { item: index } }];
}

/** What a write may have done: its unknownOutcome before the colon ("The call may have been placed"). */
export function effectOf(unknownOutcome: string): string {
	return unknownOutcome.split(':')[0];
}

/** An error of a write that may have taken effect: what may have happened, and how to check. */
export function outcomeUnknown<T extends ItemError>(error: T, write: Write): T {
	const { description } = error;
	error.description = description ? `${description} ${write.unknownOutcome}` : write.unknownOutcome;
	return error;
}

/** The error of a write whose earlier try failed without a clear answer: it is not sent again. */
export function notSentAgain(node: INode, unknownOutcome: string, index: number) {
	const effect = effectOf(unknownOutcome);
	return new NodeOperationError(
		node,
		`Not sent again: an earlier try of this item, or the execution this one retries, failed without a clear answer, so ${effect.charAt(0).toLowerCase()}${effect.slice(1)}`,
		{
			itemIndex: index,
			description: `Neither Settings → Retry On Fail nor n8n's Retry of the execution sends it again. To send it again anyway, knowing it may happen twice, turn on ${RESEND_OPTION}.`,
		},
	);
}

/** With Continue On Fail, an item Stop kept from being sent. */
export function stoppedItem(node: INode, index: number): INodeExecutionData {
	const message = 'Not sent: the execution was stopped before this item was sent';
	const description = 'Nothing was sent for this item.';
	const error = new NodeOperationError(node, message, { itemIndex: index, description });
	return { json: {}, error, pairedItem: { item: index } };
}

/** What became of the run's items, and what a Retry does with them, for the error that fails the node. */
export function outcomes(endings: Endings, write?: Write): string {
	const by = (outcome: Outcome) =>
		[...endings.keys()].filter((index) => (endings[index]?.outcome ?? 'unsent') === outcome);
	const [succeeded, failures, unknown, unsent] = (
		['succeeded', 'failed', 'unknown', 'unsent'] as const
	).map(by);
	const earlier = [...endings.keys()].filter((index) => endings[index]?.earlier);
	const now = (indexes: number[]) => indexes.filter((index) => !endings[index]?.earlier).length;
	const sent = now(succeeded) + now(failures) + now(unknown);
	return [
		`${sent} of ${endings.length} items were sent: ${now(succeeded)} succeeded, ${now(failures) + now(unknown)} failed; ${unsent.length} were not sent.`,
		earlier.length
			? `Not sent again, as an earlier try or the execution this one retries sent them: ${itemList(earlier)}.`
			: '',
		unknown.length
			? `Failed without a clear answer (they may have taken effect): ${itemList(unknown)}.`
			: '',
		failures.length ? `Failed: ${itemList(failures)}.` : '',
		unsent.length ? `Not sent: ${itemList(unsent)}.` : '',
		write
			? "n8n's Retry of this execution sends again only the items that failed with a clear answer or were not sent" +
				(unknown.length
					? `, not those that may have taken effect: check the service for them first, or turn on Options → Resend After Unknown Outcome${write.places ? ' and set Skip Leads Called Within to 0' : ''}.`
					: '.') +
				(succeeded.length
					? ' Those that succeeded give their answers again, marked repeated.'
					: '') +
				' Settings → Retry On Fail does the same within this execution.'
			: "n8n's Retry of this execution, and Settings → Retry On Fail, read every item again.",
	]
		.filter(Boolean)
		.join(' ');
}

/** A day and a time of day, by time zone. */
const formats = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/**
 * The output of a write skipped because all its leads were reached within the window: when, as
 * precisely as the record tells (a quarter of the window, up to now), in the workflow's time zone.
 */
export function skippedOutput(
	index: number,
	[from, to]: [number, number],
	windowHours: number,
	timeZone: string,
	what: string,
): INodeExecutionData[] {
	const until = Math.min(to, Date.now());
	const [days, times] = formats.get(timeZone) ?? [
		new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium' }),
		new Intl.DateTimeFormat('en-GB', { timeZone, timeStyle: 'short' }),
	];
	formats.set(timeZone, [days, times]);
	const day = (at: number) => days.format(at);
	const time = (at: number) => times.format(at);
	const end = day(until) === day(from) ? time(until) : `${day(until)}, ${time(until)}`;
	const json: IDataObject = {
		skipped: true,
		earlierCallBetween: [new Date(from).toISOString(), new Date(until).toISOString()],
		notice: `Not sent: this node sent a ${what} to the same lead between ${day(from)}, ${time(from)} and ${end} (${timeZone}), within the ${windowHours} hours of Options → Skip Leads Called Within. To reach it again on purpose, set Skip Leads Called Within to 0 for one run, then set it back.`,
	};
	return [{ json, pairedItem: { item: index } }];
}

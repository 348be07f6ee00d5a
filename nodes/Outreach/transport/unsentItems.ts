// What an item ends as when its request is not sent, or when what it did is unknown: outside the
// Calling Hours, in a Dry Run, after an earlier try's unknown outcome, after Stop.
import {
	NodeOperationError,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { RESEND_OPTION, type OutsideHours } from './guardrails';
import type { ItemPlace } from './run';

/** The error of a call outside the Calling Hours: nothing was sent; when to call instead. */
export function outsideHoursError(context: IExecutePaginationFunctions, outside: OutsideHours) {
	return new NodeOperationError(context.getNode(), outside.message, {
		itemIndex: context.getItemIndex(),
		description: `Nothing was sent. Calling again before ${outside.nextCallAllowedAt} is blocked the same way; with Continue On Fail, the item's error carries that moment as nextCallAllowedAt, for a Wait node.`,
	});
}

/** With Continue On Fail, a call outside the Calling Hours is an error item that says when to call. */
export function outsideHoursItem(outside: OutsideHours, item: number): INodeExecutionData[] {
	return [{ json: { error: { ...outside } }, pairedItem: { item } }];
}

/**
 * What a write would have sent, in a Dry Run: method, address and body as they would have gone out
 * (a form's files as name, size and type), never the token.
 */
export function dryRunOutput(
	context: IExecutePaginationFunctions,
	request: IHttpRequestOptions,
	sent: unknown,
): INodeExecutionData[] {
	const base = (request.baseURL ?? '').replace(/\/+$/, '');
	const url = new URL(`${base}/${request.url.replace(/^\/+/, '')}`);
	for (const [name, value] of Object.entries(request.qs ?? {}))
		url.searchParams.set(name, String(value));
	const body = sent instanceof FormData ? formFields(sent) : sent;
	return [
		{
			json: {
				dryRun: true,
				method: request.method ?? 'GET',
				url: url.href,
				body: body as IDataObject,
			},
			pairedItem: { item: context.getItemIndex() },
		},
	];
}

/** A form's fields, each file as its name, size and type. */
function formFields(form: FormData): IDataObject[] {
	return [...form.entries()].map(([name, value]) =>
		typeof value === 'string'
			? { name, value }
			: { name, file: value.name, size: value.size, type: value.type },
	);
}

/**
 * What a write that failed without a clear answer may have done, from its operation's text for that
 * case ("The call may have been placed: look for …"): the part before the colon.
 */
export function effectOf(unknownOutcome: string | undefined): string {
	return unknownOutcome?.split(':')[0] ?? 'It may have taken effect';
}

/** The error of a write whose earlier try failed without a clear answer: it is not sent again. */
export function notSentAgain(
	context: IExecutePaginationFunctions,
	unknownOutcome: string | undefined,
) {
	const effect = effectOf(unknownOutcome);
	return new NodeOperationError(
		context.getNode(),
		`Not sent again: an earlier try of this item failed without a clear answer, so ${effect.charAt(0).toLowerCase()}${effect.slice(1)}`,
		{
			itemIndex: context.getItemIndex(),
			description: `n8n's Retry On Fail does not send it again. To send it again anyway, knowing it may happen twice, turn on ${RESEND_OPTION}.`,
		},
	);
}

/**
 * The output of an item that was not sent because its try stopped: none when an item's failure
 * stopped it (that error fails the node), an error item after Stop with Continue On Fail.
 */
export async function notSentOutput(
	context: IExecutePaginationFunctions,
	nodeTry: ItemPlace['nodeTry'],
): Promise<INodeExecutionData[]> {
	if (!(nodeTry.stoppedByUser && nodeTry.continueOnFail)) return [];
	await nodeTry.whenHandedOver();
	throw new NodeOperationError(
		context.getNode(),
		'Not sent: the execution was stopped before this item was sent',
		{ itemIndex: context.getItemIndex(), description: 'Nothing was sent for this item.' },
	);
}

import {
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type NodeApiError,
} from 'n8n-workflow';

import type { Destination } from '../shared/destinations';
import { nodeError } from '../shared/errors';
import {
	callingHoursCheck,
	checkWrite,
	credentialGuards,
	destinationBlock,
	requestFingerprint,
	resendsUnknown,
	serialiseBody,
	type Claimed,
	type OutsideHours,
	type Placed,
	type WriteCheck,
} from './guardrails';
import { callLaneOf, HoursEnded, laneOf } from './lanes';
import { maxPagesOption, placeOf, toldTo, type ItemPlace } from './run';
import {
	dryRunOutput,
	effectOf,
	notSentAgain,
	notSentOutput,
	outsideHoursError,
	outsideHoursItem,
} from './unsentItems';
import {
	mayHaveReachedService,
	NotSent,
	notSent,
	readAllPages,
	recordEnvelope,
	sendUntilAnswered,
	type Lane,
} from './wire';

type Send = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** What an operation's requests carry beyond method and path, for the transport's checks and errors. */
interface SendRules {
	/** For a request that changes data: what may have happened when it fails without a clear refusal. */
	unknownOutcome?: string;
	/** Numbers the service will dial or message, checked against the credential before sending. */
	destinations?: Destination[];
	/** What one request places, for the credential's cap and so that no identical one is placed twice. */
	places?: Placed;
}

/**
 * Sends one item's request through its node run (nodeRun.ts has the rules): a write the item already
 * made in an earlier try of the run is answered from memory or, when its outcome is unknown, not sent
 * again; a request to a destination the credential does not allow, or one that would place a call
 * past the credential's cap, makes the item invalid; a call identical to one placed earlier in the
 * execution gives that answer, marked as a repeat. Otherwise the request waits until the run lets it
 * go, then for its turn, and `produce` sends it and makes the item's output. Without Continue On
 * Fail, the error of the try that fails the node says what happened to every item.
 */
async function sendItem(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	produce: (request: IHttpRequestOptions, lane: Lane) => Promise<INodeExecutionData[]>,
	rules: SendRules = {},
): Promise<INodeExecutionData[]> {
	const place = placeOf(context, requestData.options);
	try {
		return await sendInPlace(context, place, requestData, produce, rules);
	} catch (error) {
		throw toldTo(place.run, nodeError(context, error));
	}
}

async function sendInPlace(
	context: IExecutePaginationFunctions,
	place: ItemPlace,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	produce: (request: IHttpRequestOptions, lane: Lane) => Promise<INodeExecutionData[]>,
	{ unknownOutcome, destinations, places }: SendRules,
): Promise<INodeExecutionData[]> {
	const { run, ticket, nodeTry } = place;
	// Every operation's routing sets its URL; the declarative type only leaves it optional.
	const request = {
		...requestData.options,
		url: requestData.options.url ?? '',
	} as IHttpRequestOptions;
	const changesData = (request.method ?? 'GET') !== 'GET';
	const earlier = run.rule(ticket.index, changesData, changesData && resendsUnknown(context));
	if (typeof earlier === 'object') {
		ticket.settle('succeeded');
		return earlier.answer;
	}
	const succeeded = (output: INodeExecutionData[]) => {
		if (changesData) run.remember(ticket.index, { succeeded: output });
		ticket.settle('succeeded');
		return output;
	};
	const fail = async (error: NodeApiError | NodeOperationError, outcome: 'failed' | 'unknown') => {
		if (unknownOutcome && outcome === 'unknown') appendDescription(error, unknownOutcome);
		if (nodeTry.reportsOutcomes && nodeTry.itemCount > 1) {
			await nodeTry.whenSettled();
			appendDescription(error, nodeTry.outcomes());
		}
		await nodeTry.whenHandedOver();
		return error;
	};
	if (earlier === 'block') {
		// Known before anything is sent, so it does not stop the other items of the try.
		ticket.settle('unknown', false);
		throw await fail(notSentAgain(context, unknownOutcome), 'unknown');
	}

	let check: WriteCheck | undefined;
	let key = '';
	let sent: unknown;
	let outside: OutsideHours | undefined;
	try {
		// What the guardrails read is what is sent: the body serialised once, and parsed back.
		sent = changesData ? serialiseBody(context, request) : request.body;
		const blocked = destinations && (await destinationBlock(context, run, sent, destinations));
		if (blocked) throw blocked;
		const hours = places === 'call' ? await callingHoursCheck(context, run) : undefined;
		if (hours && 'blocked' in hours) throw hours.blocked;
		outside = hours?.outside;
		if (outside) throw outsideHoursError(context, outside);
		key = requestFingerprint(request, sent);
		check = changesData ? await checkWrite(context, run, key, places, sent) : undefined;
		if (check && 'blocked' in check) throw check.blocked;
	} catch (error) {
		// Also when the credential cannot be read: the item never gets as far as being built.
		ticket.invalid();
		if (outside && nodeTry.continueOnFail && run.coordinated)
			return outsideHoursItem(outside, ticket.index);
		await nodeTry.whenHandedOver();
		throw nodeError(context, error);
	}
	if (check && 'uncertain' in check) {
		// As for an item of its own whose outcome is unknown: the other items of the try go on.
		ticket.settle('unknown', false);
		throw await fail(check.uncertain, 'unknown');
	}
	if (check && 'repeat' in check) return succeeded(check.repeat);
	if (!(await ticket.ready())) {
		if (check && 'claimed' in check) check.claimed.withdrawn();
		return await notSentOutput(context, nodeTry);
	}
	let claimed: Claimed | undefined;
	try {
		// An identical call of another item is in flight: its outcome decides this one's.
		while (check && 'wait' in check) {
			await check.wait;
			if (nodeTry.stopped) throw new NotSent();
			check = await checkWrite(context, run, key, places, sent);
			if ('repeat' in check) return succeeded(check.repeat);
			if ('blocked' in check) throw notSent(check.blocked);
			if ('uncertain' in check) throw notSent(check.uncertain);
		}
		claimed = check && 'claimed' in check ? check.claimed : undefined;
		const { dryRun } = await credentialGuards(context, run);
		const output =
			dryRun && changesData
				? dryRunOutput(context, request, sent)
				: await produce(request, places === 'call' ? callLaneOf(context, place) : laneOf(place));
		claimed?.placed(output);
		return succeeded(output);
	} catch (error) {
		if (error instanceof NotSent) {
			claimed?.withdrawn();
			ticket.settle('unsent');
			return await notSentOutput(context, nodeTry);
		}
		if (error instanceof HoursEnded) {
			claimed?.withdrawn();
			ticket.settle('failed');
			if (nodeTry.continueOnFail && run.coordinated)
				return outsideHoursItem(error.outside, ticket.index);
			throw await fail(outsideHoursError(context, error.outside), 'failed');
		}
		const failure = nodeError(context, error);
		const unknown = changesData && mayHaveTakenEffect(failure);
		// Leads the message, which is all an error item's JSON (and an AI agent) gets.
		if (unknown) failure.message = `${effectOf(unknownOutcome)}: ${failure.message}`;
		if (unknown) claimed?.uncertain();
		else claimed?.withdrawn();
		run.remember(ticket.index, unknown ? { unknown: true } : undefined);
		ticket.settle(unknown ? 'unknown' : 'failed');
		throw await fail(failure, unknown ? 'unknown' : 'failed');
	}
}

/** Whether a failed request that changes data may have done so: anything but a 4xx or no connection. */
function mayHaveTakenEffect(error: unknown): boolean {
	const status = Number((error as { httpCode?: unknown }).httpCode);
	const refused = status >= 400 && status < 500 && status !== 408;
	return !refused && mayHaveReachedService(error);
}

function appendDescription(error: NodeApiError | NodeOperationError, text: string): void {
	error.description = error.description ? `${error.description} ${text}` : text;
}

/**
 * The hook of an operation that answers with one record: its output is the record (the answer's
 * `data`), or the whole answer with Options → Include Response Envelope.
 */
export function sendRecordRequest(rules: SendRules): Send {
	return async function (this, requestData) {
		return await sendItem(
			this,
			requestData,
			async (request, lane) => {
				const envelope = await recordEnvelope(this, await sendUntilAnswered(this, request, lane));
				const keepEnvelope = this.getNodeParameter(
					'options.includeResponseEnvelope',
					false,
				) as boolean;
				const json = keepEnvelope ? envelope : (envelope.data as IDataObject);
				return [{ json, pairedItem: { item: this.getItemIndex() } }];
			},
			rules,
		);
	};
}

/** The hook of a list operation: one output item per record, page by page (Return All or Limit). */
export const sendListRequest: Send = async function (this, requestData) {
	return await sendItem(this, requestData, async (request, lane) => {
		const returnAll = this.getNodeParameter('returnAll', false) as boolean;
		const records = await readAllPages(this, request, {
			limit: returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number),
			maxPages: maxPagesOption(this),
			boundHint:
				'Raise Options → Max Pages to read further, or turn off Return All and set a Limit to read the first records.',
			lane,
		});
		const pairedItem = { item: this.getItemIndex() };
		return records.map((json) => ({ json, pairedItem }));
	});
};

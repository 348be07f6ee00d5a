import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import type { Destination } from '../shared/destinations';
import { nodeError } from '../shared/errors';
import { recordEnvelope } from './answers';
import { deliver, mayHaveReachedService, NotSent, notSent, type Lane } from './delivery';
import { destinationRefusal } from './destinationCheck';
import type { Placement } from './executionLedger';
import { requestFingerprint } from './fingerprint';
import type { ItemTicket } from './itemTicket';
import { ticketOf } from './nodeRun';
import { maxPagesOption } from './options';
import { readAllPages } from './pages';
import { checkPlacement, type Placed, type PlacementCheck } from './placementCheck';

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
 * Sends one item's request through its node run: an exact request that already succeeded in an
 * earlier try gives its answer again; a request to a destination the credential does not allow, or
 * one that would place a call past the credential's cap, makes the item invalid; a call identical to
 * one placed earlier in the execution gives that answer, marked as a repeat. Otherwise the request
 * waits until the run lets it go, then for its turn, and `produce` sends it and makes the item's
 * output. Without Continue On Fail, the error of the try that fails the node says what happened to
 * every item.
 */
async function sendItem(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	produce: (request: IHttpRequestOptions, lane: Lane) => Promise<INodeExecutionData[]>,
	{ unknownOutcome, destinations, places }: SendRules = {},
): Promise<INodeExecutionData[]> {
	const ticket = ticketOf(context, requestData.options);
	// Every operation's routing sets its URL; the declarative type only leaves it optional.
	const request = {
		...requestData.options,
		url: requestData.options.url ?? '',
	} as IHttpRequestOptions;
	const fingerprint = requestFingerprint(request);
	const remembered = ticket.run.remembered(ticket.index, fingerprint);
	if (remembered) {
		ticket.settle('succeeded');
		return remembered;
	}
	let check: PlacementCheck | undefined;
	try {
		const refusal =
			destinations && (await destinationRefusal(context, ticket.run, request.body, destinations));
		if (refusal) throw refusal;
		check = places && (await checkPlacement(context, ticket, fingerprint, places));
		if (check && 'refusal' in check) throw check.refusal;
	} catch (error) {
		// Also when the credential cannot be read: the item never gets as far as being built.
		ticket.invalid();
		throw nodeError(context, error);
	}
	if (check && 'repeat' in check) {
		ticket.settle('succeeded');
		return check.repeat;
	}
	if (!(await ticket.ready())) {
		if (check && 'placement' in check) check.placement.withdrawn();
		return [];
	}
	let placement: Placement | undefined;
	try {
		// An identical request of another item is in flight: its outcome decides this one's.
		while (places && check && 'wait' in check) {
			await check.wait;
			if (ticket.attempt.stopped) throw new NotSent();
			check = await checkPlacement(context, ticket, fingerprint, places);
			if ('repeat' in check) {
				ticket.settle('succeeded');
				return check.repeat;
			}
			if ('refusal' in check) throw notSent(check.refusal);
		}
		placement = check && 'placement' in check ? check.placement : undefined;
		const output = await produce(request, laneOf(ticket));
		placement?.placed(output);
		ticket.run.remember(ticket.index, fingerprint, output);
		ticket.settle('succeeded');
		return output;
	} catch (error) {
		if (error instanceof NotSent) {
			placement?.withdrawn();
			ticket.settle('unsent');
			return [];
		}
		ticket.settle('failed');
		const failure = nodeError(context, error);
		const uncertain = mayHaveTakenEffect(failure);
		if (uncertain) placement?.uncertain();
		else placement?.withdrawn();
		if (unknownOutcome && uncertain) appendDescription(failure, unknownOutcome);
		if (ticket.attempt.reportsOutcomes && ticket.attempt.itemCount > 1) {
			await ticket.attempt.whenSettled();
			appendDescription(failure, ticket.attempt.outcomes());
		}
		throw failure;
	}
}

function laneOf(ticket: ItemTicket): Lane {
	return {
		turn: async () => await ticket.turn(),
		giveBack: (release) => ticket.giveBackOnOutcome(release),
		waitBudgetMs: ticket.run.waitBudgetMs,
		waitBudgetSetting: 'Options → Max Wait for Rate Limits',
	};
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
				const envelope = await recordEnvelope(this, await deliver(this, request, lane));
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

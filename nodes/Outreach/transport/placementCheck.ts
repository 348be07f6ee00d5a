import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { fieldError } from '../shared/errors';
import { credentialGuards } from './credentialGuards';
import { ledgerOf, ExecutionLedger, type Claim, type Placement } from './executionLedger';
import type { ItemTicket } from './itemTicket';

/** What an operation places with one request, as its errors and notices name it. */
export type Placed = 'call' | 'campaign';

/** The outcome of checking a request that places a call or a campaign. */
export type PlacementCheck =
	| { placement: Placement }
	/** Not sent: the earlier identical request's answer, marked as a repeat. */
	| { repeat: INodeExecutionData[] }
	| { refusal: NodeOperationError }
	/** An identical request is in flight: check again once it has its outcome. */
	| { wait: Promise<void> };

const CAP_SETTING = 'Max Calls per Execution (Outreach API credential)';
const REPEAT_OPTION = 'Options → Allow Identical Repeats';

/** Ledgers of runs that have no execution ID (never the case in n8n itself). */
const ledgersOfRuns = new WeakMap<object, ExecutionLedger>();

function ledgerFor(context: IExecuteSingleFunctions, run: object): ExecutionLedger {
	const executionId = context.getExecutionId();
	if (executionId) return ledgerOf(executionId);
	let ledger = ledgersOfRuns.get(run);
	if (!ledger) ledgersOfRuns.set(run, (ledger = new ExecutionLedger()));
	return ledger;
}

/**
 * Claims the request `key` of the item in its execution's ledger: sent when nothing identical was
 * placed in the execution and the credential's cap is not reached; otherwise the earlier answer,
 * or a refusal written for whoever reads it next, a person or an AI agent.
 */
export async function checkPlacement(
	context: IExecuteSingleFunctions,
	ticket: ItemTicket,
	key: string,
	placed: Placed,
): Promise<PlacementCheck> {
	const { cap } = await credentialGuards(context, ticket.run);
	if ('problem' in cap) {
		return {
			refusal: fieldError(
				context,
				CAP_SETTING,
				cap.problem,
				'Nothing was sent. Fix the setting there.',
			),
		};
	}
	const allowRepeats = context.getNodeParameter('options.allowRepeats', false) === true;
	const claim = ledgerFor(context, ticket.run).claim(
		key,
		{ run: ticket.run, index: ticket.index },
		cap.calls,
		allowRepeats,
	);
	return checkOf(context, claim, placed);
}

function checkOf(context: IExecuteSingleFunctions, claim: Claim, placed: Placed): PlacementCheck {
	if ('send' in claim) return { placement: claim.send };
	if ('wait' in claim) return claim;
	if ('repeat' in claim) return { repeat: repeatOutput(context, claim.repeat, placed) };
	if ('uncertain' in claim) {
		return {
			refusal: refusal(
				context,
				`Not sent: an identical ${placed} earlier in this execution failed without a clear answer and may have been placed`,
				`Sending it again could reach the same people twice, so the node does not. Check the service for it before running this again; to send it anyway, turn on ${REPEAT_OPTION}.`,
			),
		};
	}
	return {
		refusal: refusal(
			context,
			`Not sent: this execution already placed ${claim.capReached} calls and campaigns, the most the Outreach API credential allows (Max Calls per Execution)`,
			'Nothing was sent for this item, and sending it again in this execution is refused the same way. Only the owner of the Outreach API credential can raise Max Calls per Execution.',
		),
	};
}

/** A refusal of a request that was never sent, worded as what to do next. */
function refusal(context: IExecuteSingleFunctions, message: string, description: string) {
	return new NodeOperationError(context.getNode(), message, {
		itemIndex: context.getItemIndex(),
		description,
	});
}

/** The earlier answer, each record marked as a repeat that was not placed again. */
function repeatOutput(
	context: IExecuteSingleFunctions,
	earlier: INodeExecutionData[] | undefined,
	placed: Placed,
): INodeExecutionData[] {
	const notice = `Not placed again: an identical ${placed} was already placed in this execution${earlier ? '; this is its answer' : ' (its answer is no longer held)'}. To place it again on purpose, turn on ${REPEAT_OPTION}.`;
	const pairedItem = { item: context.getItemIndex() };
	const records = earlier?.map((item) => item.json) ?? [{}];
	return records.map((json) => ({ json: { ...json, repeated: true, notice }, pairedItem }));
}

import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { fieldError } from '../../shared/errors';
import { isPlainObject } from '../../shared/objectPaths';
import { credentialGuards } from './credentialGuards';
import type { Claim, Claimed } from './executionLedger';
import { executionLedger } from './executionLedgers';

/** What an operation places with one request, as its errors and notices name it. */
export type Placed = 'call' | 'campaign';

/** The outcome of checking a write against its execution's ledger. */
export type WriteCheck =
	| { claimed: Claimed }
	/** Not sent: the earlier identical call's or campaign's answer, marked as a repeat. */
	| { repeat: INodeExecutionData[] }
	| { blocked: NodeOperationError }
	/**
	 * Not sent: an identical write failed without a clear answer. Known before anything is sent and
	 * specific to this write, so it does not stop the other items.
	 */
	| { uncertain: NodeOperationError }
	/** An identical call or campaign is in flight: check again once it has its outcome. */
	| { wait: Promise<void> };

const CAP_SETTING = 'Max Calls per Execution (Outreach API credential)';
const REPEAT_OPTION = 'Options → Allow Identical Repeats';
export const RESEND_OPTION = 'Options → Resend After Unknown Outcome';

/**
 * Claims the write `key` of the item in its execution's ledger for its credential: sent when nothing
 * identical failed without a clear answer in the execution and, for a call or campaign (`placed`),
 * nothing identical was placed and the credential's cap is not reached; otherwise the earlier
 * answer, or an error written for whoever reads it next, a person or an AI agent. `run` scopes the
 * credential read.
 */
export async function checkWrite(
	context: IExecuteSingleFunctions,
	run: object,
	key: string,
	placed: Placed | undefined,
	sent: unknown,
): Promise<WriteCheck> {
	const { cap, account } = await credentialGuards(context, run);
	if (placed && 'problem' in cap) {
		return {
			blocked: fieldError(
				context,
				CAP_SETTING,
				cap.problem,
				'Nothing was sent. Fix the setting there.',
			),
		};
	}
	const claim = executionLedger(context, account, run).claim(key, {
		places: placed !== undefined,
		cap: 'calls' in cap ? cap.calls : 0,
		weight: placed ? peopleReached(placed, sent) : 0,
		allowRepeats: context.getNodeParameter('options.allowRepeats', false) === true,
		resendUnknown: resendsUnknown(context),
	});
	return checkOf(context, claim, placed);
}

/**
 * How many people one request reaches, as the cap counts them: a call one, a campaign each of its
 * customers (at least one), so that a campaign is no way around the cap.
 */
function peopleReached(placed: Placed, sent: unknown): number {
	if (placed === 'call') return 1;
	const touchpoint = isPlainObject(sent) ? sent.touchpoint : undefined;
	const customers = isPlainObject(touchpoint) ? touchpoint.customer_details : undefined;
	return Array.isArray(customers) ? Math.max(1, customers.length) : 1;
}

/** Whether the user accepts sending again a write whose outcome is unknown. */
export function resendsUnknown(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter('options.resendUnknownOutcome', false) === true;
}

function checkOf(
	context: IExecuteSingleFunctions,
	claim: Claim,
	placed: Placed | undefined,
): WriteCheck {
	if ('send' in claim) return { claimed: claim.send };
	if ('wait' in claim) return claim;
	const what = placed ?? 'request';
	if ('repeat' in claim) return { repeat: repeatOutput(context, claim.repeat, what) };
	if ('uncertain' in claim) {
		return {
			uncertain: blocked(
				context,
				`Not sent: an identical ${what} earlier in this execution failed without a clear answer and may have ${placed ? 'been placed' : 'taken effect'}`,
				`Sending it again could ${placed ? 'reach the same people twice' : 'do it twice'}, so the node does not. Check the service for it before running this again; to send it anyway, turn on ${RESEND_OPTION}.`,
			),
		};
	}
	const { cap, counted, weight } = claim.capReached;
	const message =
		weight > 1
			? `Not sent: this campaign reaches ${weight} customers, more than the ${Math.max(0, cap - counted)} of ${cap} the Outreach API credential still allows in this execution (Max Calls per Execution)`
			: `Not sent: this execution already reached ${counted} people with calls and campaigns, the most the Outreach API credential allows (Max Calls per Execution)`;
	return {
		blocked: blocked(
			context,
			message,
			'Nothing was sent for this item, and sending it again in this execution is blocked the same way. Only the owner of the Outreach API credential can raise Max Calls per Execution.',
		),
	};
}

/** A block of a request that was never sent, worded as what to do next. */
function blocked(context: IExecuteSingleFunctions, message: string, description: string) {
	return new NodeOperationError(context.getNode(), message, {
		itemIndex: context.getItemIndex(),
		description,
	});
}

/** The earlier answer, each record marked as a repeat that was not placed again. */
function repeatOutput(
	context: IExecuteSingleFunctions,
	earlier: INodeExecutionData[] | undefined,
	placed: string,
): INodeExecutionData[] {
	const notice = `Not placed again: an identical ${placed} was already placed in this execution${earlier ? '; this is its answer' : ' (its answer is no longer held)'}. To place it again on purpose, turn on ${REPEAT_OPTION}.`;
	const pairedItem = { item: context.getItemIndex() };
	const records = earlier?.map((item) => item.json) ?? [{}];
	return records.map((json) => ({ json: { ...json, repeated: true, notice }, pairedItem }));
}

import type { INodeExecutionData } from 'n8n-workflow';

import type { Block } from './blocks';
import type { CredentialGuards } from './credentialGuards';
import type { Claimed, ExecutionLedger } from './executionLedger';

export type WriteCheck =
	| { claimed: Claimed }
	/** Not sent: the earlier identical call's or campaign's answer (undefined once no longer held). */
	| { repeat: INodeExecutionData[] | undefined }
	| { block: Block }
	/** Not sent: an identical write failed without a clear answer; the other items go on. */
	| { uncertain: Block }
	/** An identical call or campaign is in flight: check again once it has its outcome. */
	| { wait: Promise<void> };

const CAP_SETTING = 'Max Calls per Execution (Outreach API credential)';
export const REPEAT_OPTION = 'Options → Allow Identical Repeats';
export const RESEND_OPTION = 'Options → Resend After Unknown Outcome';

/** Claims the write `key` in the execution's ledger; a call or campaign (`placed`) counts. */
export function checkWrite(
	ledger: ExecutionLedger,
	{ cap }: CredentialGuards,
	key: string,
	placed: 'call' | 'campaign' | undefined,
	people: number,
	options: { allowRepeats: boolean; resendUnknown: boolean },
): WriteCheck {
	if (placed && 'problem' in cap) {
		return {
			block: {
				message: `${CAP_SETTING}: ${cap.problem}`,
				description: 'Nothing was sent. Fix the setting there.',
			},
		};
	}
	const claim = ledger.claim(key, {
		places: placed !== undefined,
		cap: 'calls' in cap ? cap.calls : 0,
		weight: placed ? people : 0,
		...options,
	});
	if ('send' in claim) return { claimed: claim.send };
	if ('wait' in claim || 'repeat' in claim) return claim;
	const what = placed ?? 'request';
	if ('uncertain' in claim) {
		return {
			uncertain: {
				message: `Not sent: an identical ${what} earlier in this execution failed without a clear answer and may have ${placed ? 'been placed' : 'taken effect'}`,
				description: `Sending it again could ${placed ? 'reach the same people twice' : 'do it twice'}, so the node does not. Check the service for it before running this again; to send it anyway, turn on ${RESEND_OPTION} (it still counts toward Max Calls per Execution).`,
			},
		};
	}
	const { counted, weight } = claim.capReached;
	return {
		block: {
			message:
				weight > 1
					? `Not sent: this campaign reaches ${weight} customers, more than the ${Math.max(0, claim.capReached.cap - counted)} of ${claim.capReached.cap} the Outreach API credential still allows in this execution (Max Calls per Execution)`
					: `Not sent: this execution already reached ${counted} people with calls and campaigns, the most the Outreach API credential allows (Max Calls per Execution)`,
			description:
				"Nothing was sent for this item, and sending it again in this execution is blocked the same way. The count goes on across a Wait, a review and n8n's Retry of the execution. Only the owner of the Outreach API credential can raise Max Calls per Execution.",
		},
	};
}

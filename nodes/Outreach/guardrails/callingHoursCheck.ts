import { isoIn, nextCallingTime, withinCallingHours } from '../shared/callingHours';
import { fieldBlock, type Block } from './blocks';
import { parseTimeZone, type CredentialGuards } from './credentialGuards';

/** A call outside the Calling Hours: why, and the first moment a call is allowed (ISO 8601). */
export type OutsideHours = { message: string; nextCallAllowedAt: string };

const NOT_SENT = 'Nothing was sent. Fix the setting there; only the owner of the credential can.';

/** Whether a call may be placed now, in the recipient's, credential's or workflow's time zone. */
export function callingHoursCheck(
	{ hours, hoursText, hoursZone }: CredentialGuards,
	recipientZone: unknown,
	workflowZone: string,
): { block: Block } | { outside: OutsideHours } | undefined {
	const mistyped = (setting: string, problem: string) => ({
		block: fieldBlock(`${setting} (Outreach API credential)`, problem, NOT_SENT),
	});
	if ('problem' in hours) return mistyped('Calling Hours', hours.problem);
	if ('problem' in hoursZone) return mistyped('Calling Hours Time Zone', hoursZone.problem);
	const recipient = parseTimeZone(recipientZone);
	if ('problem' in recipient) {
		return { block: fieldBlock('Recipient Time Zone', recipient.problem, 'Nothing was sent.') };
	}
	if (!hours.periods) return undefined;
	const zone = recipient.zone ?? hoursZone.zone ?? workflowZone;
	const now = Date.now();
	if (withinCallingHours(now, hours.periods, zone)) return undefined;
	const next = nextCallingTime(now, hours.periods, zone) ?? now;
	const nextCallAllowedAt = isoIn(next, zone);
	const whose = recipient.zone ? 'the recipient’s time zone' : 'time zone';
	return {
		outside: {
			message: `Not called: now is outside the Calling Hours of the Outreach API credential (${hoursText}, ${whose} ${zone}); the next call is allowed from ${nextCallAllowedAt}`,
			nextCallAllowedAt,
		},
	};
}

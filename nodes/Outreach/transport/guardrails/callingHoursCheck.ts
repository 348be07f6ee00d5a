import type { IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';

import { isoIn, nextCallingTime, withinCallingHours } from '../../shared/callingHours';
import { fieldError } from '../../shared/errors';
import { credentialGuards, parseTimeZone } from './credentialGuards';

/** Make Call's field for the time zone of the person called (under Additional Fields). */
export const RECIPIENT_TIME_ZONE_PARAMETER = 'callFields.recipientTimeZone';

/** A call outside the Calling Hours: why, and the first moment a call is allowed (ISO 8601). */
export interface OutsideHours {
	message: string;
	nextCallAllowedAt: string;
}

const NOT_SENT = 'Nothing was sent. Fix the setting there; only the owner of the credential can.';

/**
 * Whether a call may be placed now under the credential's Calling Hours, read in the recipient's
 * time zone when the Make Call names one, else in the credential's, else in the workflow's. A
 * setting that cannot be read blocks the call, naming the field. `run` scopes the credential read.
 */
export async function callingHoursCheck(
	context: IExecuteSingleFunctions,
	run: object,
): Promise<{ blocked: NodeOperationError } | { outside: OutsideHours } | undefined> {
	const { hours, hoursText, hoursZone } = await credentialGuards(context, run);
	if ('problem' in hours) {
		return {
			blocked: fieldError(
				context,
				'Calling Hours (Outreach API credential)',
				hours.problem,
				NOT_SENT,
			),
		};
	}
	if ('problem' in hoursZone) {
		return {
			blocked: fieldError(
				context,
				'Calling Hours Time Zone (Outreach API credential)',
				hoursZone.problem,
				NOT_SENT,
			),
		};
	}
	const recipient = parseTimeZone(context.getNodeParameter(RECIPIENT_TIME_ZONE_PARAMETER, ''));
	if ('problem' in recipient) {
		return {
			blocked: fieldError(context, 'Recipient Time Zone', recipient.problem, 'Nothing was sent.'),
		};
	}
	if (!hours.windows) return undefined;
	const zone = recipient.zone ?? hoursZone.zone ?? context.getTimezone();
	const now = Date.now();
	if (withinCallingHours(now, hours.windows, zone)) return undefined;
	const next = nextCallingTime(now, hours.windows, zone) ?? now;
	const nextCallAllowedAt = isoIn(next, zone);
	const whose = recipient.zone ? 'the recipient’s time zone' : 'time zone';
	return {
		outside: {
			message: `Not called: now is outside the Calling Hours of the Outreach API credential (${hoursText}, ${whose} ${zone}); the next call is allowed from ${nextCallAllowedAt}`,
			nextCallAllowedAt,
		},
	};
}

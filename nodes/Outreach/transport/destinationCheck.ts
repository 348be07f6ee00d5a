import type { IExecuteSingleFunctions, NodeOperationError } from 'n8n-workflow';

import { isAllowedDestination, valuesAt, type Destination } from '../shared/destinations';
import { fieldError } from '../shared/errors';
import { credentialGuards } from './credentialGuards';

/** The credential field, as errors name it. */
const SETTING = 'Allowed Destinations (Outreach API credential)';

const NOT_RETRYABLE =
	'Nothing was sent. Only the owner of the Outreach API credential can change its Allowed Destinations: sending the same number again will not help.';

/**
 * Why the request must not be sent, when a number it would have the service dial or message is not
 * among the credential's Allowed Destinations; undefined when every number is allowed. `run` scopes
 * the credential read.
 */
export async function destinationRefusal(
	context: IExecuteSingleFunctions,
	run: object,
	body: unknown,
	destinations: Destination[],
): Promise<NodeOperationError | undefined> {
	const { allowed } = await credentialGuards(context, run);
	if ('problem' in allowed) {
		return fieldError(context, SETTING, allowed.problem, `${NOT_RETRYABLE} Fix the list there.`);
	}
	for (const { path, field } of destinations) {
		for (const number of valuesAt(body, path)) {
			if (isAllowedDestination(number, allowed.prefixes)) continue;
			return fieldError(
				context,
				field,
				`${JSON.stringify(number)} is not an allowed destination: the Outreach API credential allows only numbers starting with ${allowed.prefixes.join(', ')}`,
				NOT_RETRYABLE,
			);
		}
	}
	return undefined;
}

import { destinationsAt, isAllowedDestination, type Destination } from '../shared/destinations';
import { E164_HINT, phoneNumberProblem } from '../shared/validators';
import { fieldBlock, type Block } from './blocks';
import type { CredentialGuards } from './credentialGuards';

const SETTING = 'Allowed Destinations (Outreach API credential)';

const SENDING_AGAIN_WONT_HELP =
	'Nothing was sent. Only the owner of the Outreach API credential can change its Allowed Destinations: sending the same number again will not help.';

/** Why the body as sent must not go: a number not strict E.164, or outside Allowed Destinations. */
export function destinationBlock(
	{ allowed }: CredentialGuards,
	sent: unknown,
	destinations: Destination[],
): Block | undefined {
	if ('problem' in allowed) {
		return fieldBlock(SETTING, allowed.problem, `${SENDING_AGAIN_WONT_HELP} Fix the list there.`);
	}
	for (const { path, field } of destinations) {
		const found = destinationsAt(sent, path);
		if ('problem' in found) {
			return fieldBlock(
				field,
				`${found.problem}: the service reads the numbers to dial or message at ${path}, and this node sends nothing there that it cannot check`,
				'Nothing was sent.',
			);
		}
		for (const number of found.numbers) {
			const problem = phoneNumberProblem(number);
			if (problem) return fieldBlock(field, problem, `Nothing was sent. ${E164_HINT}`);
			if (isAllowedDestination(number, allowed.prefixes)) continue;
			return fieldBlock(
				field,
				`${JSON.stringify(number)} is not an allowed destination: the Outreach API credential allows only numbers starting with ${allowed.prefixes.join(', ')}`,
				SENDING_AGAIN_WONT_HELP,
			);
		}
	}
	return undefined;
}

import type { IExecuteSingleFunctions } from 'n8n-workflow';

import {
	normalizeOutreachBaseUrl,
	OUTREACH_CREDENTIAL_TYPE,
} from '../../../credentials/OutreachApi.credentials';
import { parseAllowedPrefixes } from '../shared/destinations';
import { digest } from './fingerprint';

/** The guardrails the owner of the Outreach API credential set; a problem when one is mistyped. */
interface CredentialGuards {
	allowed: ReturnType<typeof parseAllowedPrefixes>;
	cap: { calls: number } | { problem: string };
	/**
	 * The credential, as the guardrails count it: its ID, Base URL and token, hashed (the token is
	 * never held in clear). Two credentials are two accounts, each with its own cap.
	 */
	account: string;
}

/**
 * The credential's Max Calls per Execution: no cap when it is empty (as on credentials saved before
 * it existed); otherwise a whole number of at least 1, and anything else (0, "-0", spaces, "ten") a
 * problem that refuses every call, so that a typing mistake never lifts the cap.
 */
function parseCallCap(value: unknown): CredentialGuards['cap'] {
	if (value === undefined || value === null || value === '') return { calls: 0 };
	const text = typeof value === 'string' ? value.trim() : undefined;
	const calls = text !== undefined && /^[1-9]\d*$/.test(text) ? Number(text) : value;
	if (typeof calls === 'number' && Number.isSafeInteger(calls) && calls >= 1) return { calls };
	return {
		problem: `${JSON.stringify(value)} is not a whole number of at least 1 (leave the field empty for no cap)`,
	};
}

/** The guardrails, read once per node run (n8n decrypts the credential on every read). */
const guardsOfRun = new WeakMap<object, Promise<CredentialGuards>>();

export async function credentialGuards(
	context: IExecuteSingleFunctions,
	run: object,
): Promise<CredentialGuards> {
	let read = guardsOfRun.get(run);
	if (!read) {
		const id = context.getNode().credentials?.[OUTREACH_CREDENTIAL_TYPE]?.id ?? '';
		read = context.getCredentials(OUTREACH_CREDENTIAL_TYPE).then((credentials) => {
			const identity = JSON.stringify([
				id,
				normalizeOutreachBaseUrl(credentials.baseUrl),
				String(credentials.accessToken ?? '').trim(),
			]);
			return {
				allowed: parseAllowedPrefixes(credentials.allowedDestinations),
				cap: parseCallCap(credentials.maxCallsPerExecution),
				account: digest(identity),
			};
		});
		guardsOfRun.set(run, read);
	}
	return await read;
}

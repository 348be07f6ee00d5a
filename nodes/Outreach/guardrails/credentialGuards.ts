import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { normalizeOutreachBaseUrl } from '../../../credentials/OutreachApi.credentials';
import { isTimeZone, parseCallingHours } from '../shared/callingHours';
import { parseAllowedPrefixes } from '../shared/destinations';
import { digest } from './requestKey';

/** The guardrails the owner of the Outreach API credential set; a problem when one is mistyped. */
export interface CredentialGuards {
	allowed: ReturnType<typeof parseAllowedPrefixes>;
	cap: { calls: number } | { problem: string };
	/**
	 * The credential's ID and Base URL, hashed: each credential has its own cap. Not its token: the
	 * execution's ledger is saved under this key, with the execution's data.
	 */
	account: string;
	/** The service account: Base URL and token, hashed. */
	service: string;
	hours: ReturnType<typeof parseCallingHours>;
	hoursText: string;
	/** Calling Hours Time Zone; undefined: the workflow's. */
	hoursZone: { zone: string | undefined } | { problem: string };
	dryRun: boolean;
}

/** Max Calls per Execution: empty, no cap; anything but a whole number from 1 blocks every call. */
function parseCallCap(value: unknown): CredentialGuards['cap'] {
	if (value === undefined || value === null || value === '') return { calls: 0 };
	const text = typeof value === 'string' ? value.trim() : undefined;
	const calls = text !== undefined && /^[1-9]\d*$/.test(text) ? Number(text) : value;
	if (typeof calls === 'number' && Number.isSafeInteger(calls) && calls >= 1) return { calls };
	return {
		problem: `${JSON.stringify(value)} is not a whole number of at least 1 (leave the field empty for no cap)`,
	};
}

/** A time zone setting: empty for the workflow's, else a zone n8n knows, else a problem. */
export function parseTimeZone(value: unknown): CredentialGuards['hoursZone'] {
	if (value === undefined || value === null || value === '') return { zone: undefined };
	if (isTimeZone(value)) return { zone: value };
	return {
		problem: `${JSON.stringify(value)} is not a time zone n8n knows: use an IANA name such as America/New_York`,
	};
}

/** The guardrails of the credential `credentialId`, read once per run. */
export function credentialGuards(
	credentials: ICredentialDataDecryptedObject,
	credentialId: string,
): CredentialGuards {
	const baseUrl = normalizeOutreachBaseUrl(credentials.baseUrl);
	const token = String(credentials.accessToken ?? '').trim();
	return {
		allowed: parseAllowedPrefixes(credentials.allowedDestinations),
		cap: parseCallCap(credentials.maxCallsPerExecution),
		account: digest(JSON.stringify([credentialId, baseUrl])),
		service: digest(JSON.stringify([baseUrl, token])),
		hours: parseCallingHours(credentials.callingHours),
		hoursText: String(credentials.callingHours ?? '').trim(),
		hoursZone: parseTimeZone(credentials.callingHoursTimeZone),
		dryRun: credentials.dryRun === true,
	};
}

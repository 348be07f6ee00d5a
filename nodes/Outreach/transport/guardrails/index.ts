/**
 * The guardrails: what the owner of the Outreach API credential bounds, checked on the request as it
 * is sent. The credential's settings (read once per run, failing closed), the body serialised once so
 * that what is checked is what is sent, the numbers a request would have the service dial, Calling
 * Hours, and the execution's ledger (the cap, identical calls, writes whose outcome is unknown). Pure
 * of the wire and of how a run's items take turns: it imports only shared/ and the credential, and is
 * imported through this file.
 */
export { callingHoursCheck, type OutsideHours } from './callingHoursCheck';
export { credentialGuards } from './credentialGuards';
export { destinationBlock } from './destinationCheck';
export type { Claimed } from './executionLedger';
export { requestFingerprint } from './requestKey';
export { serialiseBody } from './wireBody';
export {
	checkWrite,
	RESEND_OPTION,
	resendsUnknown,
	type Placed,
	type WriteCheck,
} from './writeCheck';

/**
 * The guardrails: what the owner of the Outreach API credential bounds, checked on the request as it
 * is sent, before anything leaves. The credential's settings (read once per run, failing closed), the
 * body serialised once so that what is checked is what is sent, the numbers a request would have the
 * service dial, Calling Hours, and the execution's ledger (the cap, identical calls, writes whose
 * outcome is unknown). Each decides from the request and the credential alone and says why it blocks
 * (a Block); the run turns that into the item's error. It imports only shared/ and the credential,
 * and is imported through this file.
 */
export type { Block } from './blocks';
export { callingHoursCheck, type OutsideHours } from './callingHoursCheck';
export { credentialGuards, type CredentialGuards } from './credentialGuards';
export { destinationBlock } from './destinationCheck';
export { executionLedger, type Claimed } from './executionLedger';
export { formFields, requestKey } from './requestKey';
export { serialiseBody } from './wireBody';
export { checkWrite, REPEAT_OPTION, RESEND_OPTION, type WriteCheck } from './writeCheck';

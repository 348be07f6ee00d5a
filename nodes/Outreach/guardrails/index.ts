// The guardrails: what the owner of the Outreach API credential bounds, checked on the request as it
// is sent, before anything leaves. Each decides from the request and the credential alone, and says
// why it blocks (a Block).
export type { Block } from './blocks';
export { callingHoursCheck, type OutsideHours } from './callingHoursCheck';
export { credentialGuards, type CredentialGuards } from './credentialGuards';
export { destinationBlock } from './destinationCheck';
export { executionLedger, type Claimed } from './executionLedger';
export { formFields, requestKey } from './requestKey';
export { serialiseBody } from './wireBody';
export { checkWrite, REPEAT_OPTION, RESEND_OPTION, type WriteCheck } from './writeCheck';

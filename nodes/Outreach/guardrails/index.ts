// The guardrails the credential's owner sets, checked on each request as sent; each says why.
export type { Block } from './blocks';
export { callingHoursCheck, type OutsideHours } from './callingHoursCheck';
export { credentialGuards, type CredentialGuards } from './credentialGuards';
export { destinationBlock } from './destinationCheck';
export { executionLedger, type Claimed } from './executionLedger';
export { foldText, formFields, requestKey } from './requestKey';
export { serialiseBody } from './wireBody';
export { checkWrite, REPEAT_OPTION, RESEND_OPTION, type WriteCheck } from './writeCheck';

/**
 * One run of the node over its items: how n8n's routing engine hands them over, the tries of n8n's
 * Retry On Fail and what each try may send again, halting and Stop, and the turns the items take in
 * their service account's flow (shared by every run of the process). It imports shared/, and the wire
 * and the guardrails through their own files, and is imported through this file.
 */
export {
	isPreSendStep,
	placeOf,
	preSendStep,
	registerItem,
	toldTo,
	type ItemPlace,
} from './nodeRun';
export { maxPagesOption } from './runOptions';

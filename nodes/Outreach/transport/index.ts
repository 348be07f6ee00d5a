/**
 * The transport: every request of the Outreach node and its trigger goes through here. Three floors,
 * each in its own folder and imported through its own index: the wire (one request and its answer),
 * the run (the items of one run of the node and their turns) and the guardrails (what the credential
 * bounds). sendItem.ts joins them: it sends one item's request through its run and the guardrails,
 * with lanes.ts (where the request takes its turn) and unsentItems.ts (what an item that is not sent
 * ends as).
 *
 * This file is the one seam between the transport and the rest of the node: operations, form fields,
 * pickers and the trigger import the transport only from here.
 */
export type { Placed } from './guardrails';
export { isPreSendStep, maxPagesOption, preSendStep, registerItem } from './run';
export { sendListRequest, sendRecordRequest } from './sendItem';
export { editorLane, ownLane, readAllPages, readListPage, serviceError } from './wire';

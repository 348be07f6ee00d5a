/**
 * The transport: every request of the Outreach node and its trigger goes through here. The wire
 * (one request and its answer) and the flow (the gate where the requests of one service account take turns
 * in this n8n process, so that they share what the service admits).
 *
 * This file is the one seam between the transport and the rest of the node.
 */
export { accountGate, type FlowShare } from './flow/gate';
export {
	accountOf,
	editorLane,
	mayHaveReachedService,
	NotSent,
	ownLane,
	readAllPages,
	readListPage,
	recordEnvelope,
	sendUntilAnswered,
	serviceError,
	type Account,
	type Lane,
} from './wire';

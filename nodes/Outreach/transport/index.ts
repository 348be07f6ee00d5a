// The transport, the one seam every request of the node and its trigger goes through: the wire (one
// request and its answer) and the flow (where one service account's requests take turns).
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

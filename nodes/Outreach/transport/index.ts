// The one seam every request goes through: the wire, and the flow where requests take turns.
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

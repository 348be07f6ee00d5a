// The wire: one request of the service and its answer, sent again where that is safe, and lists
// read page by page. It knows nothing of items, runs or guardrails.
export { accountOf, type Account } from './account';
export { recordEnvelope } from './answers';
export {
	editorLane,
	mayHaveReachedService,
	NotSent,
	ownLane,
	sendUntilAnswered,
	type Lane,
	type Slot,
} from './delivery';
export { readAllPages, readListPage } from './pages';
export { serviceError } from './serviceError';

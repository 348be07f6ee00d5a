// The wire: one request and its answer, sent again where safe; lists page by page.
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

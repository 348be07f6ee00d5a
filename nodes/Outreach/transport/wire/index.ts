/**
 * The wire: one request of the service and its answer. It sends a request once through n8n's HTTP
 * helper with the account's token (the Base URL checked, redirects kept on its origin, a deadline
 * on the whole exchange), sends it again where that is safe (a refusal waited out, a read after a
 * failure), checks that an answer is the service's, and reads lists page by page. It knows nothing of
 * items, runs or guardrails: it imports only shared/ and the credential, and is imported through this
 * file.
 */
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

/**
 * Every choice made where the service description says "not shown", and every bound the node keeps.
 * Each is listed in docs/assumptions.md or docs/reliability-and-security.md.
 */

/**
 * What the integration does. n8n's node creator shows one entry for the Outreach node and its trigger,
 * with the trigger's description, so both nodes carry this one.
 */
export const OUTREACH_DESCRIPTION =
	'Place AI voice calls, run messaging campaigns and manage customers, knowledge bases, actions and assistants of an AI outreach service';

/**
 * Method and path of the five action creations (the service description gives their bodies only).
 */
export const ACTION_CREATE_REQUEST = { method: 'POST', path: '/v2/_actions' } as const;

/**
 * Body key of the assistant's AI model (the service description lists the field without its name).
 */
export const ASSISTANT_MODEL_FIELD = 'model';

/** Multipart field of the knowledge base's further file list (name not shown); the user can rename it. */
export const KNOWLEDGE_BASE_EXTRA_FILES_FIELD = 'additional_files';

/**
 * Keys of the JSON text sent for one FAQ pair (the service description asks for one string per
 * pair, format not shown).
 */
export const FAQ_PAIR_KEYS = { question: 'question', answer: 'answer' } as const;

/** Page size used to fetch everything (the service's maximum page size is not shown). */
export const LIST_PAGE_SIZE = 100;

/** Values sent for the execution days multi-select (allowed values are not shown). */
export const EXECUTION_DAYS = [
	'monday',
	'tuesday',
	'wednesday',
	'thursday',
	'friday',
	'saturday',
	'sunday',
] as const;

/**
 * Action kinds the service description names; a staffing or telephony integration type must be none
 * of them.
 */
export const NAMED_ACTION_TYPES = [
	'WEBHOOK',
	'APPOINTMENT',
	'SEND_MESSAGING',
	'SEND_EMAIL',
	'CALL_TRANSFER',
	'SINGLEDATAEXTRACTION',
	'DTMF_ACTION',
	'SEND_SMS',
];

/**
 * Most pages a list is read to (Return All, the trigger), unless their Max Pages option says otherwise:
 * beyond it the read fails instead of paging on.
 */
export const DEFAULT_MAX_LIST_PAGES = 1_000;

/** A request without a complete answer by then is given up (n8n's own default for declarative nodes). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

/** Redirects of a read within the Base URL's origin that are followed before giving up. */
export const MAX_SAME_ORIGIN_REDIRECTS = 5;

/** Most actions the assistant's actions multi-select lists. */
export const MAX_ACTION_OPTIONS = 2_000;

/**
 * IDs the trigger keeps after they left the list, so a record that briefly disappears (a short or
 * partial answer) is not emitted again when it comes back; the oldest are forgotten first.
 */
export const TRIGGER_MAX_ABSENT_IDS = 10_000;

/** Most requests one run of the node has in flight at once, unless its Options say otherwise. */
export const DEFAULT_CONCURRENT_REQUESTS = 25;

/**
 * How long one item may wait, in all, on refusals (429) before it fails, unless its Options say
 * otherwise. The service's rate limits are not shown; a refusal is taken to mean nothing happened.
 */
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 300;

/** The same bound for the trigger's polls and the editor's pickers, which someone is waiting on. */
export const POLL_RATE_LIMIT_WAIT_MS = 30_000;
export const EDITOR_RATE_LIMIT_WAIT_MS = 10_000;

/** The first wait after a refusal without Retry-After; each further refusal of the item doubles it. */
export const FIRST_BACKOFF_MS = 1_000;

/** The least wait after a refusal whose Retry-After is 0, doubled per refusal, so no refusal is a busy loop. */
export const MIN_REFUSAL_WAIT_MS = 100;

/** The longest single backoff. */
export const MAX_BACKOFF_MS = 30_000;

/** Times a read, or a request that never reached the service, is sent again after a failure. */
export const RESENDS_AFTER_FAILURE = 3;

/**
 * Once the service has refused, one more request in flight (or a tenth more a second) is tried after
 * this long and this many admitted without a refusal, so that probing a limit that may have risen
 * costs at most one refusal per this many requests.
 */
export const GROWTH_AFTER_MS = 1_000;
export const GROWTH_AFTER_ADMITTED = 100;

/** Service accounts whose gate one n8n process shares across executions; past it, runs go alone. */
export const MAX_SHARED_ACCOUNTS = 100;

/**
 * A service account's gate, unused this long, is forgotten with what it learned of the service's
 * limits: a run within this long of the last one starts from what that one learned.
 */
export const ACCOUNT_GATE_IDLE_MS = 15 * 60_000;

/** Records of placed calls' answers one execution keeps, to give again for an identical call. */
export const MAX_LEDGER_ANSWERS = 10_000;

/**
 * Records of answers one run of the node keeps in the execution's data, to give again when a try or
 * a Retry of the execution meets a write that already succeeded; past it, only that it succeeded.
 */
export const MAX_REMEMBERED_ANSWERS = 10_000;

/**
 * A lead this node reached within this many hours is skipped, unless Options → Skip Leads Called
 * Within says otherwise: a webhook delivered again, a Retry, or a queue-mode job run again, within a
 * day, is almost never meant to call the same person twice.
 */
export const DEFAULT_SKIP_WINDOW_HOURS = 24;

/**
 * The durable record keeps each lead once per this fraction of the window: whether a lead was reached
 * within the window is read from this many quarters, so a lead reached up to a quarter of the window
 * longer ago may be skipped too, never one reached within it.
 */
export const RECORD_BUCKETS = 4;

/**
 * Leads one node's durable record keeps at a sweep (see run/sweep.ts), the oldest forgotten first:
 * room for the ten quarters a window of 100,000 calls needs. Between sweeps, a record holds at most
 * MAX_RECORD_ENTRIES.
 */
export const MAX_RECORDED_CALLS = 250_000;
export const MAX_RECORD_ENTRIES = 2 * MAX_RECORDED_CALLS;

/**
 * n8n's store looks up each entry to remove in the whole record, one by one (about 12 ns an entry
 * here), holding n8n's event loop meanwhile: a removal takes at most as many entries as keep this
 * within about 30 ms, and at least RECORD_PART (in a record of more than 10,000 entries, a part holds
 * the loop longer, but parts of fewer would each read and write the whole record for little).
 */
export const RECORD_COMPARISONS_PER_CALL = 2_500_000;
export const RECORD_PART = 256;

/**
 * n8n's store reads a node's whole record and writes it back, with no lock across processes: a
 * queue-mode worker may write back a record read before this run's leads were in it, within its own
 * round trip. Before its writes are sent, and again once they are all under way, a run looks at its
 * leads after 25–50 ms plus its slowest round trip to the store, records them again while one was
 * missing and looks again: at most this many looks each time.
 */
export const RECORD_CHECKS = 3;
export const RECORD_PAUSE_MS = 25;

/**
 * Tries of one read or write of n8n's store, 100–200 ms apart: two processes' first runs of a node
 * both find no record and insert it, and the database refuses the second insert.
 */
export const STORE_TRIES = 3;
export const STORE_RETRY_MS = 100;

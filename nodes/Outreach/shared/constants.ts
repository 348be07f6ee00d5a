// Every choice made where the service description says "not shown", and every bound the node keeps;
// each is listed in docs/assumptions.md or docs/reliability-and-security.md.

import { DAYS } from './callingHours';

/** n8n's node creator shows the trigger's description for both nodes, so both carry this one. */
export const OUTREACH_DESCRIPTION =
	'Place AI voice calls, run messaging campaigns and manage customers, knowledge bases, actions and assistants of an AI outreach service';

/** The five action creations' method and path (the service description gives only their bodies). */
export const ACTION_CREATE_REQUEST = { method: 'POST', path: '/v2/_actions' } as const;

/** The assistant's model field (the service description lists it without its name). */
export const ASSISTANT_MODEL_FIELD = 'model';

/** The knowledge base's further file list (name not shown); the user can rename it. */
export const KNOWLEDGE_BASE_EXTRA_FILES_FIELD = 'additional_files';

/** Keys of the JSON text sent for one FAQ pair (one string per pair, format not shown). */
export const FAQ_PAIR_KEYS = { question: 'question', answer: 'answer' } as const;

/** Page size of a whole list (the service's maximum is not shown). */
export const LIST_PAGE_SIZE = 100;

/** Values of the execution days (allowed values not shown): the days' names, in lower case. */
export const EXECUTION_DAYS = DAYS;

/** Action kinds the service description names: no integration type may be one of them. */
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

/** Pages a list is read to by default (Max Pages): beyond them the read fails. */
export const DEFAULT_MAX_LIST_PAGES = 1_000;

/** n8n's own default for declarative nodes. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

export const MAX_SAME_ORIGIN_REDIRECTS = 5;

/** Most entries of the assistant's actions multi-select. */
export const MAX_ACTION_OPTIONS = 2_000;

/** IDs the trigger keeps after they left the list, so that one briefly missing is not new again. */
export const TRIGGER_MAX_ABSENT_IDS = 10_000;

export const DEFAULT_CONCURRENT_REQUESTS = 25;

/**
 * How long one item may wait in all on refusals (429) by default (Max Wait for Rate Limits). The
 * service's limits are not shown; a refusal is taken to mean nothing happened.
 */
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 300;

/** The same bound for the trigger's polls and the editor's pickers, which someone waits on. */
export const POLL_RATE_LIMIT_WAIT_MS = 30_000;
export const EDITOR_RATE_LIMIT_WAIT_MS = 10_000;

/** The first wait after a refusal without Retry-After, or after a failure; doubled each time. */
export const FIRST_BACKOFF_MS = 1_000;

/** The least wait after a refusal whose Retry-After is 0, doubled each time: no busy loop. */
export const MIN_REFUSAL_WAIT_MS = 100;

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

/** Answers of placed calls one execution keeps, to give again for an identical call. */
export const MAX_LEDGER_ANSWERS = 10_000;

/** Answers one run keeps in the execution's data for a later try or Retry; past it, only success. */
export const MAX_REMEMBERED_ANSWERS = 10_000;

/**
 * Skip Leads Called Within, by default: a webhook delivered again, a Retry or a queue-mode job run
 * again within a day is almost never meant to call the same person twice.
 */
export const DEFAULT_SKIP_WINDOW_HOURS = 24;

/**
 * The durable record keeps each lead once per quarter of the window, and reads four: a lead reached
 * up to a quarter longer ago may be skipped too, never one reached within the window.
 */
export const RECORD_BUCKETS = 4;

/**
 * Leads a node's record keeps at a sweep (run/sweep.ts), oldest forgotten first: the ten quarters a
 * window of 100,000 calls needs. Between sweeps it holds at most MAX_RECORD_ENTRIES.
 */
export const MAX_RECORDED_CALLS = 250_000;
export const MAX_RECORD_ENTRIES = 2 * MAX_RECORDED_CALLS;

/**
 * n8n's store looks each entry to remove up in the whole record (about 12 ns an entry), holding the
 * event loop: a removal takes as many as keep that near 30 ms, and at least RECORD_PART.
 */
export const RECORD_COMPARISONS_PER_CALL = 2_500_000;
export const RECORD_PART = 256;

/**
 * n8n's store writes a node's record back whole, with no lock across processes: another worker may
 * write back a record read before this run's leads were in it. So a run looks at its leads after
 * 25–50 ms plus its slowest round trip, and records them again while one is missing: at most this
 * many looks, before its writes are sent and again once they are under way.
 */
export const RECORD_CHECKS = 3;
export const RECORD_PAUSE_MS = 25;

/**
 * Tries of one read or write of the store, 100–200 ms apart: two processes' first runs both insert
 * the record, and the database refuses the second.
 */
export const STORE_TRIES = 3;
export const STORE_RETRY_MS = 100;

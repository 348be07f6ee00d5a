/**
 * Every choice made where the service description says "not shown". Each is listed in the README
 * under "Assumptions" and can be overridden per request with Additional Body Fields.
 */

/** Method and path of the five action creations (the seed gives their bodies only). */
export const ACTION_CREATE_REQUEST = { method: 'POST', url: '/v2/_actions' } as const;

/** Body key of the assistant's AI model (the seed lists the field without its name). */
export const ASSISTANT_MODEL_FIELD = 'model';

/** Multipart field of the knowledge base's further file list (name not shown); the user can rename it. */
export const KNOWLEDGE_BASE_EXTRA_FILES_FIELD = 'additional_files';

/** One FAQ pair as the single string the seed asks for (its format is not shown). */
export function formatFaqPair(question: string, answer: string): string {
	return JSON.stringify({ question, answer });
}

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

/** Action kinds the seed names; a staffing or telephony integration type must be none of them. */
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

/** n8n expression turning a comma-separated text (or an array from an expression) into a list. */
export const COMMA_SEPARATED_LIST =
	'={{ (Array.isArray($value) ? $value : String($value).split(",")).map(entry => String(entry).trim()).filter(entry => entry !== "") }}';

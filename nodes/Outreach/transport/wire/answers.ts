import type { IDataObject } from 'n8n-workflow';

import { describeValue, isPlainObject } from '../../shared/objectPaths';
import type { Account } from './account';
import type { ServiceAnswer } from './request';
import { serviceError } from './serviceError';

const BODY_PREVIEW_LENGTH = 200;

function preview(body: unknown): string {
	const raw = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
	const text = raw.replace(/\s+/g, ' ');
	if (text.trim() === '') return '(an empty body)';
	return text.length > BODY_PREVIEW_LENGTH ? `${text.slice(0, BODY_PREVIEW_LENGTH)}…` : text;
}

/** The service's own words for a failure: its `message` (or `error.message`), else the body's start. */
function serviceWords(body: unknown): string {
	if (isPlainObject(body)) {
		if (typeof body.message === 'string' && body.message) return body.message;
		if (isPlainObject(body.error) && typeof body.error.message === 'string')
			return body.error.message;
	}
	return preview(body);
}

/** The answer's JSON body on success, else an error in the service's own words. */
function successBody(account: Account, answer: ServiceAnswer): unknown {
	const { status, body, label, contentType } = answer;
	if (status < 200 || status >= 300) {
		const description = `${label} answered ${status}: ${serviceWords(body)}`;
		const error = serviceError(account, '', description, status);
		if (!account.forItems) error.message = description;
		throw error;
	}
	if (typeof body === 'string') {
		throw serviceError(
			account,
			`The service's answer to ${label} is not JSON`,
			`HTTP ${status}, ${contentType || 'no content type'}. It begins: ${preview(body)}`,
			status,
		);
	}
	return body;
}

/** The envelope of an answer about one record; its `data` must be the record (an object). */
export function recordEnvelope(account: Account, answer: ServiceAnswer): IDataObject {
	const body = successBody(account, answer);
	const problem = !isPlainObject(body)
		? `the body is ${describeValue(body)}`
		: !isPlainObject(body.data)
			? `data is ${describeValue(body.data)}`
			: undefined;
	if (problem) throw unexpected(account, answer, body, `holds no record: ${problem}`);
	return body as IDataObject;
}

/** An answer of the wrong shape: what is wrong, and how its body begins. */
function unexpected(account: Account, answer: ServiceAnswer, body: unknown, problem: string) {
	const message = `The service's answer to ${answer.label} ${problem}`;
	return serviceError(account, message, `It begins: ${preview(body)}`, answer.status);
}

/** A list answer checked to be one, and its `pagination.total_records`. */
export interface ListAnswer {
	records: IDataObject[];
	total?: number;
	label: string;
}

/** `data.data` must be a list of objects. */
export function listAnswer(account: Account, answer: ServiceAnswer, page: number): ListAnswer {
	const body = successBody(account, answer);
	const data = isPlainObject(body) ? body.data : undefined;
	const records = isPlainObject(data) ? data.data : undefined;
	let problem: string | undefined;
	if (!isPlainObject(body)) problem = `the body is ${describeValue(body)}`;
	else if (!isPlainObject(data)) problem = `data is ${describeValue(data)}`;
	else if (!Array.isArray(records)) problem = `data.data is ${describeValue(records)}`;
	else {
		const index = records.findIndex((record) => !isPlainObject(record));
		if (index >= 0)
			problem = `record ${index + 1} of page ${page} is ${describeValue(records[index])}`;
	}
	if (problem) throw unexpected(account, answer, body, `is not a list: ${problem}`);
	const pagination = (data as IDataObject).pagination;
	const total = isPlainObject(pagination) ? pagination.total_records : undefined;
	return {
		records: records as IDataObject[],
		total: typeof total === 'number' && Number.isFinite(total) ? total : undefined,
		label: answer.label,
	};
}

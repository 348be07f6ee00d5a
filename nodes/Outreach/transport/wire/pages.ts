import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { LIST_PAGE_SIZE } from '../../shared/constants';
import { recordId } from '../../shared/validators';
import type { Account } from './account';
import { listAnswer, type ListAnswer } from './answers';
import { sendUntilAnswered, type Lane } from './delivery';
import { serviceError } from './serviceError';

/** A list page: one answer of a list, and whether another page may follow. */
interface ListPage extends ListAnswer {
	/** Whether `pagination.total_records` says further records follow this page. */
	totalSaysMore: boolean;
	/** Whether a further page may hold records: this one is full, and the total does not say it was the last. */
	hasMore: boolean;
}

/** One page of a list endpoint (`page`, `per_page`), checked to be a list. */
export async function readListPage(
	account: Account,
	request: IHttpRequestOptions,
	lane: Lane,
	page: number,
	perPage = LIST_PAGE_SIZE,
): Promise<ListPage> {
	const answer = await sendUntilAnswered(
		account,
		{ ...request, method: 'GET', qs: { ...request.qs, page, per_page: perPage } },
		lane,
		` (page ${page})`,
	);
	const listed = listAnswer(account, answer, page);
	const { records, total } = listed;
	const totalSaysMore = total !== undefined && page * perPage < total;
	const hasMore = records.length >= perPage && (total === undefined || totalSaysMore);
	return { ...listed, totalSaysMore, hasMore };
}

interface ReadPagesOptions {
	/** Stop once this many records are read. */
	limit: number;
	/** Most pages to read: beyond them the read fails instead of paging on. */
	maxPages: number;
	/** What the user can do when the list is longer than `maxPages`. */
	boundHint: string;
	lane: Lane;
}

/**
 * Every record of a list, page by page, in order, each record once. Paging stops at a short or empty
 * page, or when `pagination.total_records` says the last page was read. It fails, instead of returning
 * a wrong list, when a page repeats an earlier one, when a short page contradicts the total, or when
 * the list goes on past `maxPages`.
 */
export async function readAllPages(
	account: Account,
	request: IHttpRequestOptions,
	{ limit, maxPages, boundHint, lane }: ReadPagesOptions,
): Promise<IDataObject[]> {
	const perPage = Math.min(limit, LIST_PAGE_SIZE);
	const records: IDataObject[] = [];
	const listedIds = new Set<string>();
	let previousPage = '';
	for (let page = 1; ; page++) {
		const {
			records: pageRecords,
			total,
			label,
			totalSaysMore,
			hasMore,
		} = await readListPage(account, request, lane, page, perPage);
		let fresh = 0;
		let withoutId = false;
		for (const record of pageRecords) {
			const id = recordId(record);
			withoutId ||= id === undefined;
			if (id !== undefined && listedIds.has(id)) continue;
			if (id !== undefined) listedIds.add(id);
			records.push(record);
			fresh++;
		}
		// A full page of records already read is not a shift at a page boundary: the page came again.
		const samePageAgain = withoutId && JSON.stringify(pageRecords) === previousPage;
		if (pageRecords.length >= perPage && (fresh === 0 || samePageAgain)) {
			throw serviceError(
				account,
				`The service's answer to ${label} repeats the records of an earlier page: it seems to ignore the page parameter`,
			);
		}
		if (withoutId) previousPage = JSON.stringify(pageRecords);

		if (pageRecords.length < perPage && totalSaysMore) {
			throw serviceError(
				account,
				`The service's answer to ${label} is cut short: it holds ${pageRecords.length} records where ${perPage} were asked for, but the service reports ${total} in all`,
			);
		}
		if (!hasMore || records.length >= limit) return records.slice(0, limit);
		if (page >= maxPages) {
			throw serviceError(
				account,
				`GET ${request.url}: stopped after ${maxPages.toLocaleString('en-US')} pages (${(maxPages * perPage).toLocaleString('en-US')} records), and the service still reports more`,
				boundHint,
			);
		}
	}
}

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { LIST_PAGE_SIZE } from '../../shared/constants';
import { recordId } from '../../shared/validators';
import type { Account } from './account';
import { listAnswer, type ListAnswer } from './answers';
import { sendUntilAnswered, type Lane } from './delivery';
import { serviceError } from './serviceError';

/** A list page, and whether the total says more follow, or another page may hold records. */
interface ListPage extends ListAnswer {
	totalSaysMore: boolean;
	hasMore: boolean;
}

/** One page of a list (`page`, `per_page`), checked to be one. */
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

/** `boundHint`: what the user can do when the list is longer than `maxPages`. */
interface ReadPagesOptions {
	limit: number;
	maxPages: number;
	boundHint: string;
	lane: Lane;
}

/** Every record of a list, in order, each once; a page repeated, short or past maxPages fails. */
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
		const listed = await readListPage(account, request, lane, page, perPage);
		const { records: pageRecords, total, label, totalSaysMore, hasMore } = listed;
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

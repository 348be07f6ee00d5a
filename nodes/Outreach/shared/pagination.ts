import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { LIST_PAGE_SIZE } from './constants';
import { isPlainObject } from './validation';

export interface ListPage {
	records: IDataObject[];
	/** Whether a further page may hold more records. */
	hasMore: boolean;
}

/**
 * Reads one page of a list response (`data.data`, `data.pagination`). There is no further page after
 * a short or empty page, or when `pagination.total_records` says this page was the last.
 */
export function readListPage(body: unknown, page: number, perPage: number): ListPage {
	const data = isPlainObject(body) && isPlainObject(body.data) ? body.data : {};
	const records = Array.isArray(data.data) ? (data.data as IDataObject[]) : [];
	const total = isPlainObject(data.pagination) ? data.pagination.total_records : undefined;
	const hasMore =
		records.length === perPage && (typeof total !== 'number' || page * perPage < total);
	return { records, hasMore };
}

/**
 * Page-number pagination of the list endpoints (`page`, `per_page`, `data.data`, `data.pagination`).
 * Fetches pages in order until the limit is reached, a page is empty or short, or the pagination
 * object says the last page was read; it never asks for the same page twice.
 */
export async function paginateByPage(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number);
	const perPage = Math.min(limit, LIST_PAGE_SIZE);
	const pairedItem = { item: this.getItemIndex() };
	const records: IDataObject[] = [];

	for (let page = 1; records.length < limit; page++) {
		const [response] = await this.makeRoutingRequest({
			...requestData,
			options: {
				...requestData.options,
				qs: { ...requestData.options.qs, page, per_page: perPage },
			},
		});
		const { records: pageRecords, hasMore } = readListPage(response?.json, page, perPage);
		records.push(...pageRecords);
		if (!hasMore) break;
	}
	return records.slice(0, limit).map((json) => ({ json, pairedItem }));
}

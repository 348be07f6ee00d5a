import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { LIST_PAGE_SIZE } from './constants';
import { isPlainObject } from './validation';

interface ListPayload {
	records: IDataObject[];
	totalRecords?: number;
}

function readListPayload(body: unknown): ListPayload {
	const data = isPlainObject(body) && isPlainObject(body.data) ? body.data : undefined;
	const records = Array.isArray(data?.data) ? (data.data as IDataObject[]) : [];
	const pagination = isPlainObject(data?.pagination) ? data.pagination : undefined;
	const total = pagination?.total_records;
	return { records, totalRecords: typeof total === 'number' ? total : undefined };
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
			options: { ...requestData.options, qs: { ...requestData.options.qs, page, per_page: perPage } },
		});
		const { records: pageRecords, totalRecords } = readListPayload(response?.json);
		records.push(...pageRecords);
		const lastPage =
			pageRecords.length < perPage || (totalRecords !== undefined && page * perPage >= totalRecords);
		if (lastPage) break;
	}
	return records.slice(0, limit).map((json) => ({ json, pairedItem }));
}

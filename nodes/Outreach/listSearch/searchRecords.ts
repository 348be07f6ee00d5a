import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { fetchListPage } from '../shared/transport';
import { recordId } from '../shared/validation';

/**
 * One page of a list endpoint as picker entries. The service offers no search parameter, so the
 * filter matches the page's records by name or ID here; the next page is the pagination token.
 */
export async function searchRecords(
	this: ILoadOptionsFunctions,
	path: string,
	label: (record: IDataObject) => string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const { records, hasMore } = await fetchListPage.call(this, path, page);
	const needle = filter?.trim().toLowerCase();
	const results = records.flatMap((record) => {
		const id = recordId(record);
		if (id === undefined) return [];
		const name = label(record);
		if (needle && !`${name} ${id}`.toLowerCase().includes(needle)) return [];
		return [{ name, value: id }];
	});
	return { results, paginationToken: hasMore ? String(page + 1) : undefined };
}

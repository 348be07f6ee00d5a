import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { recordId } from '../shared/validators';
import { accountOf, editorLane, readListPage } from '../transport';

/** A "From List" search over one list: the service has none, so one page is filtered here. */
export function listSearch(path: string, label: (record: IDataObject, id: string) => string) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const page = Math.max(1, Math.trunc(Number(paginationToken)) || 1);
		const account = await accountOf(this);
		const { records, hasMore } = await readListPage(account, { url: path }, editorLane(), page);
		const needle = filter?.trim().toLowerCase();
		const entries = records.flatMap((record) => {
			const id = recordId(record);
			return id === undefined ? [] : [{ name: label(record, id), value: id }];
		});
		// Records that share a name are told apart by their ID.
		const names = entries.map((entry) => entry.name);
		const results = entries
			.map((entry) =>
				names.indexOf(entry.name) !== names.lastIndexOf(entry.name) && entry.name !== entry.value
					? { ...entry, name: `${entry.name} (${entry.value})` }
					: entry,
			)
			.filter((entry) => !needle || `${entry.name} ${entry.value}`.toLowerCase().includes(needle));
		return { results, paginationToken: hasMore ? String(page + 1) : undefined };
	};
}

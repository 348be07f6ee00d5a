import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchRecords } from './searchRecords';

export async function searchCustomers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchRecords.call(
		this,
		'/v2/_customers',
		(customer, id) =>
			[customer.name, customer.phone_number ?? customer.email]
				.filter((part) => part !== undefined && part !== null)
				.join(' · ') || id,
		filter,
		paginationToken,
	);
}

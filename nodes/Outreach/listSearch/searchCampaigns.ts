import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchRecords } from './searchRecords';

export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchRecords.call(
		this,
		'/v2/_campaigns',
		(campaign) => String(campaign.name ?? campaign.id),
		filter,
		paginationToken,
	);
}

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
		(campaign, id) => (typeof campaign.name === 'string' && campaign.name ? campaign.name : id),
		filter,
		paginationToken,
	);
}

import { listSearch } from './searchRecords';

/** The campaign picker: campaigns by name. */
export const searchCampaigns = listSearch('/v2/_campaigns', (campaign, id) =>
	typeof campaign.name === 'string' && campaign.name ? campaign.name : id,
);

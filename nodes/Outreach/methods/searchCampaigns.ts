import { listSearch } from './searchRecords';

export const searchCampaigns = listSearch('/v2/_campaigns', (campaign, id) =>
	typeof campaign.name === 'string' && campaign.name ? campaign.name : id,
);

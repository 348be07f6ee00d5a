import type { Operation } from '../operation';
import { campaignId } from './campaignId';

export const getCampaign: Operation = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a campaign',
		description: 'Read one campaign by ID',
	},
	request: {
		method: 'GET',
		path: '/v2/_campaigns/{campaign_id}',
		ids: { campaign_id: { field: campaignId } },
	},
	fields: [campaignId],
};

import { readRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { campaignId } from './campaignId';

/** GET /v2/_campaigns/{campaign_id} */
export const getCampaign: Operation = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a campaign',
		description: 'Read one campaign by ID',
		routing: readRouting('/v2/_campaigns/{campaign_id}', {
			pathParameters: { campaign_id: { field: campaignId } },
		}),
	},
	fields: [campaignId],
};

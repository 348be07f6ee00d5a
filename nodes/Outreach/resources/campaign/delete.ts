import type { Operation } from '../../shared/operations';
import { request } from '../../shared/pathParameters';
import { campaignId } from './campaignId';

/** DELETE /v2/_campaigns/{id} (the seed names this placeholder "id", unlike Get's "campaign_id"). */
export const deleteCampaign: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a campaign',
		description: 'Delete one campaign by ID',
		routing: request('DELETE', '/v2/_campaigns/{id}', { id: { field: campaignId } }),
	},
	fields: [campaignId],
};

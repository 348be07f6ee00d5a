import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { campaignId } from './campaignId';

/**
 * DELETE /v2/_campaigns/{id} (the service description names this placeholder "id", unlike Get's
 * "campaign_id").
 */
export const deleteCampaign: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a campaign',
		description: 'Delete one campaign by ID',
		routing: writeRouting(
			'DELETE',
			'/v2/_campaigns/{id}',
			'The campaign may have been deleted: look for it with Campaign → Get.',
			{ pathParameters: { id: { field: campaignId } } },
		),
	},
	fields: [campaignId],
};

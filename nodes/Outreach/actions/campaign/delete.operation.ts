import type { Operation } from '../operation';
import { campaignId } from './campaignId';

/** The service description names this placeholder "id", unlike Get's "campaign_id". */
export const deleteCampaign: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a campaign',
		description: 'Delete one campaign by ID',
	},
	request: { method: 'DELETE', path: '/v2/_campaigns/{id}', ids: { id: { field: campaignId } } },
	write: {
		unknownOutcome: 'The campaign may have been deleted: look for it with Campaign → Get.',
	},
	fields: [campaignId],
};

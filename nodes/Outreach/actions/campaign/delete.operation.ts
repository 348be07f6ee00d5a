import { deleteOne } from '../operation';
import { campaignId } from './campaignId';

/** The service description names this placeholder "id", unlike Get's "campaign_id". */
export const deleteCampaign = deleteOne(
	'campaign',
	'/v2/_campaigns/{id}',
	campaignId,
	'The campaign may have been deleted: look for it with Campaign → Get.',
);

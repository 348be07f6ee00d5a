import { getOne } from '../operation';
import { campaignId } from './campaignId';

export const getCampaign = getOne('campaign', '/v2/_campaigns/{campaign_id}', campaignId);

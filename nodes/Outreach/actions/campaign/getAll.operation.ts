import { getMany } from '../operation';

export const getManyCampaigns = getMany('campaigns', '/v2/_campaigns');

import { resourceOperations } from '../../fields/operationList';
import { createCampaign } from './create';
import { deleteCampaign } from './delete';
import { getCampaign } from './get';
import { getManyCampaigns } from './getAll';

export const campaignDescription = resourceOperations('campaign', 'getAll', [
	createCampaign,
	deleteCampaign,
	getCampaign,
	getManyCampaigns,
]);

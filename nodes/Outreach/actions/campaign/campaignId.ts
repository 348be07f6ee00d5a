import { idField } from '../../fields/idField';

export const campaignId = idField({
	name: 'campaignId',
	displayName: 'Campaign ID',
	description: 'ID of the campaign to read or delete',
	show: { resource: ['campaign'], operation: ['get', 'delete'] },
	searchListMethod: 'searchCampaigns',
	placeholder: 'e.g. cmp_123',
});

import { idField } from '../../fields/idField';

/** The campaign ID of Get and Delete: one property, so n8n evaluates it once per item. */
export const campaignId = idField({
	name: 'campaignId',
	displayName: 'Campaign ID',
	description: 'ID of the campaign to read or delete',
	show: { resource: ['campaign'], operation: ['get', 'delete'] },
	searchListMethod: 'searchCampaigns',
	placeholder: 'e.g. cmp_123',
});

import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

/** The campaign ID, shared with Delete (one property, so n8n evaluates it once per item). */
export const getCampaignDescription: INodeProperties[] = [
	pathIdField({
		name: 'campaignId',
		displayName: 'Campaign ID',
		description: 'ID of the campaign to read or delete',
		show: { resource: ['campaign'], operation: ['get', 'delete'] },
		searchListMethod: 'searchCampaigns',
		placeholder: 'e.g. cmp_123',
		urlPrefix: '/v2/_campaigns/',
	}),
];

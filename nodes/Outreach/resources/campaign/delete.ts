import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

export const deleteCampaignDescription: INodeProperties[] = [
	pathIdField({
		name: 'campaignId',
		displayName: 'Campaign ID',
		description: 'ID of the campaign to delete',
		show: { resource: ['campaign'], operation: ['delete'] },
		searchListMethod: 'searchCampaigns',
		placeholder: 'e.g. cmp_123',
		urlPrefix: '/v2/_campaigns/',
	}),
];

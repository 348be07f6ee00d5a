import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

export const getCampaignDescription: INodeProperties[] = [
	pathIdField({
		name: 'campaignId',
		displayName: 'Campaign ID',
		description: 'ID of the campaign to read',
		show: { resource: ['campaign'], operation: ['get'] },
		searchListMethod: 'searchCampaigns',
		placeholder: 'e.g. cmp_123',
		urlPrefix: '/v2/_campaigns/',
	}),
];

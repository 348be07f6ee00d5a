import type { INodeProperties } from 'n8n-workflow';

import { createCampaignDescription } from './create';
import { deleteCampaignDescription } from './delete';
import { getCampaignDescription } from './get';

export const campaignDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['campaign'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a campaign with a messaging touchpoint',
				description:
					'Create a campaign together with one messaging touchpoint. It messages real people once scheduled.',
				routing: { request: { method: 'POST', url: '/v2/campaign/create_with_touchpoint' } },
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a campaign',
				description: 'Delete one campaign by ID',
				routing: { request: { method: 'DELETE' } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a campaign',
				description: 'Read one campaign by ID',
				routing: { request: { method: 'GET' } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many campaigns',
				description: 'List campaigns, page by page',
				routing: { request: { method: 'GET', url: '/v2/_campaigns' } },
			},
		],
		default: 'getAll',
	},
	...createCampaignDescription,
	...getCampaignDescription,
	...deleteCampaignDescription,
];

import type { INodeProperties } from 'n8n-workflow';

import { createAssistantDescription } from './create';

export const assistantDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['assistant'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an assistant',
				description: 'Create an AI assistant that can use actions',
				routing: { request: { method: 'POST', url: '/v2/_assistants' } },
			},
		],
		default: 'create',
	},
	...createAssistantDescription,
];

import type { INodeProperties } from 'n8n-workflow';

import { makeCallDescription } from './make';

export const callDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['call'] } },
		options: [
			{
				name: 'Make',
				value: 'make',
				action: 'Make an AI voice call',
				description: 'Start an outbound voice call handled by an AI agent. It calls a real person.',
				routing: { request: { method: 'POST' } },
			},
		],
		default: 'make',
	},
	...makeCallDescription,
];

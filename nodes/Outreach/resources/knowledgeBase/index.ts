import type { INodeProperties } from 'n8n-workflow';

import { createKnowledgeBaseDescription } from './create';
import { deleteKnowledgeBaseDescription } from './delete';
import { getKnowledgeBaseDescription } from './get';
import { updateKnowledgeBaseDescription } from './update';

export const knowledgeBaseDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['knowledgeBase'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a knowledge base',
				description: 'Create a knowledge base for documents, URLs and FAQ pairs',
				// The service spells this path with an underscore, unlike the others of the resource.
				routing: { request: { method: 'POST', url: '/v2/_knowledge_base' } },
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a knowledge base',
				description: 'Delete one knowledge base by ID',
				routing: { request: { method: 'DELETE' } },
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a knowledge base',
				description: 'Read one knowledge base by ID',
				routing: { request: { method: 'GET' } },
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a knowledge base',
				description:
					'Rename a knowledge base or add documents (binary files), URLs and FAQ pairs to it',
				routing: { request: { method: 'PUT' } },
			},
		],
		default: 'create',
	},
	...createKnowledgeBaseDescription,
	...getKnowledgeBaseDescription,
	...updateKnowledgeBaseDescription,
	...deleteKnowledgeBaseDescription,
];

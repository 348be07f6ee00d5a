import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

export const deleteKnowledgeBaseDescription: INodeProperties[] = [
	pathIdField({
		name: 'knowledgeBaseId',
		displayName: 'Knowledge Base ID',
		description: 'ID of the knowledge base to delete',
		show: { resource: ['knowledgeBase'], operation: ['delete'] },
		urlPrefix: '/v2/_knowledgebase/',
	}),
];

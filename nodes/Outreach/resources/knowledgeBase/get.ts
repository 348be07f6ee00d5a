import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

export const getKnowledgeBaseDescription: INodeProperties[] = [
	pathIdField({
		name: 'knowledgeBaseId',
		displayName: 'Knowledge Base ID',
		description: 'ID of the knowledge base to read',
		show: { resource: ['knowledgeBase'], operation: ['get'] },
		urlPrefix: '/v2/_knowledgebase/',
	}),
];

import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

/** The knowledge base ID, shared with Update and Delete (one property, evaluated once per item). */
export const getKnowledgeBaseDescription: INodeProperties[] = [
	pathIdField({
		name: 'knowledgeBaseId',
		displayName: 'Knowledge Base ID',
		description: 'ID of the knowledge base',
		show: { resource: ['knowledgeBase'], operation: ['get', 'update', 'delete'] },
		urlPrefix: '/v2/_knowledgebase/',
	}),
];

import { idField } from '../../fields/idField';

export const knowledgeBaseId = idField({
	name: 'knowledgeBaseId',
	displayName: 'Knowledge Base ID',
	description: 'ID of the knowledge base',
	show: { resource: ['knowledgeBase'], operation: ['get', 'update', 'delete'] },
});

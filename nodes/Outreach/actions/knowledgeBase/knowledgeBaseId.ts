import { idField } from '../../fields/idField';

/** The knowledge base ID of Get, Update and Delete: one property, evaluated once per item. */
export const knowledgeBaseId = idField({
	name: 'knowledgeBaseId',
	displayName: 'Knowledge Base ID',
	description: 'ID of the knowledge base',
	show: { resource: ['knowledgeBase'], operation: ['get', 'update', 'delete'] },
});

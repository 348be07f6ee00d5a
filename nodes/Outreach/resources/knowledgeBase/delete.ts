import type { Operation } from '../../shared/operations';
import { request } from '../../shared/pathParameters';
import { knowledgeBaseId } from './knowledgeBaseId';

/** DELETE /v2/_knowledgebase/{id} */
export const deleteKnowledgeBase: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a knowledge base',
		description: 'Delete one knowledge base by ID',
		routing: request('DELETE', '/v2/_knowledgebase/{id}', { id: { field: knowledgeBaseId } }),
	},
	fields: [knowledgeBaseId],
};

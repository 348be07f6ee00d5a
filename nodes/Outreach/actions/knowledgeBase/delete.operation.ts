import type { Operation } from '../operation';
import { knowledgeBaseId } from './knowledgeBaseId';

export const deleteKnowledgeBase: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a knowledge base',
		description: 'Delete one knowledge base by ID',
	},
	request: {
		method: 'DELETE',
		path: '/v2/_knowledgebase/{id}',
		ids: { id: { field: knowledgeBaseId } },
	},
	write: {
		unknownOutcome:
			'The knowledge base may have been deleted: look for it with Knowledge Base → Get.',
	},
	fields: [knowledgeBaseId],
};

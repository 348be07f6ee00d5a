import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { knowledgeBaseId } from './knowledgeBaseId';

/** DELETE /v2/_knowledgebase/{id} */
export const deleteKnowledgeBase: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a knowledge base',
		description: 'Delete one knowledge base by ID',
		routing: writeRouting(
			'DELETE',
			'/v2/_knowledgebase/{id}',
			'The knowledge base may have been deleted: look for it with Knowledge Base → Get.',
			{ pathParameters: { id: { field: knowledgeBaseId } } },
		),
	},
	fields: [knowledgeBaseId],
};

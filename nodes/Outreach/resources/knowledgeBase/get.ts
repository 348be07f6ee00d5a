import { readRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { knowledgeBaseId } from './knowledgeBaseId';

/** GET /v2/_knowledgebase/{id} (no underscore inside the word, unlike Create's path) */
export const getKnowledgeBase: Operation = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a knowledge base',
		description: 'Read one knowledge base by ID',
		routing: readRouting('/v2/_knowledgebase/{id}', {
			pathParameters: { id: { field: knowledgeBaseId } },
		}),
	},
	fields: [knowledgeBaseId],
};

import type { Operation } from '../operation';
import { knowledgeBaseId } from './knowledgeBaseId';

/** No underscore inside the word, unlike Create's path. */
export const getKnowledgeBase: Operation = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get a knowledge base',
		description: 'Read one knowledge base by ID',
	},
	request: {
		method: 'GET',
		path: '/v2/_knowledgebase/{id}',
		ids: { id: { field: knowledgeBaseId } },
	},
	fields: [knowledgeBaseId],
};

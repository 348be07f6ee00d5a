import { getOne } from '../operation';
import { knowledgeBaseId } from './knowledgeBaseId';

/** No underscore inside the word, unlike Create's path. */
export const getKnowledgeBase = getOne(
	'knowledge base',
	'/v2/_knowledgebase/{id}',
	knowledgeBaseId,
);

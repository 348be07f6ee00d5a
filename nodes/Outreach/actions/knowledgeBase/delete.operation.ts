import { deleteOne } from '../operation';
import { knowledgeBaseId } from './knowledgeBaseId';

export const deleteKnowledgeBase = deleteOne(
	'knowledge base',
	'/v2/_knowledgebase/{id}',
	knowledgeBaseId,
	'The knowledge base may have been deleted: look for it with Knowledge Base → Get.',
);

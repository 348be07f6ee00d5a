import { resourceOperations } from '../../fields/operationList';
import { createKnowledgeBase } from './create';
import { deleteKnowledgeBase } from './delete';
import { getKnowledgeBase } from './get';
import { updateKnowledgeBase } from './update';

export const knowledgeBaseDescription = resourceOperations('knowledgeBase', 'create', [
	createKnowledgeBase,
	deleteKnowledgeBase,
	getKnowledgeBase,
	updateKnowledgeBase,
]);

import type { Operation } from '../operation';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { requiredText, textOption } from '../../fields/bodyFields';

const show = { resource: ['knowledgeBase'], operation: ['create'] };

/** The path has an underscore between the words. */
export const createKnowledgeBase: Operation = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a knowledge base',
		description: 'Create a knowledge base for documents, URLs and FAQ pairs',
	},
	request: { method: 'POST', path: '/v2/_knowledge_base' },
	write: {
		unknownOutcome:
			'The knowledge base may have been created: look for it in the service before running this item again.',
	},
	fields: [
		requiredText('Name', 'knowledgeBaseName', 'name', show, {
			placeholder: 'e.g. Product FAQ',
			description: 'Display name of the knowledge base',
		}),
		additionalFieldsCollection('knowledgeBaseFields', show, [
			textOption('Description', 'description', 'description', {
				typeOptions: { rows: 2 },
				description: 'What the knowledge base is for',
			}),
			textOption('Files', 'files', 'files', {
				description:
					'Files as the service takes them at creation (a text value); upload documents with Update',
			}),
			textOption('URLs', 'urls', 'urls', {
				placeholder: 'e.g. https://example.com/docs',
				description: 'URLs as the service takes them at creation (a text value)',
			}),
		]),
	],
};

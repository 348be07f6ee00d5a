import { requiredBodyField } from '../../fields/bodyFields';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';

const show = { resource: ['knowledgeBase'], operation: ['create'] };

/** POST /v2/_knowledge_base (JSON; the path has an underscore between the words) */
export const createKnowledgeBase: Operation = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a knowledge base',
		description: 'Create a knowledge base for documents, URLs and FAQ pairs',
		routing: writeRouting(
			'POST',
			'/v2/_knowledge_base',
			'The knowledge base may have been created: look for it in the service before running this item again.',
		),
	},
	fields: [
		requiredBodyField({
			displayName: 'Name',
			name: 'knowledgeBaseName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Product FAQ',
			description: 'Display name of the knowledge base',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'name' } },
		}),
		additionalFieldsCollection('knowledgeBaseFields', show, [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'What the knowledge base is for',
				routing: { send: { type: 'body', property: 'description' } },
			},
			{
				displayName: 'Files',
				name: 'files',
				type: 'string',
				default: '',
				description:
					'Files as the service takes them at creation (a text value); upload documents with Update',
				routing: { send: { type: 'body', property: 'files' } },
			},
			{
				displayName: 'URLs',
				name: 'urls',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/docs',
				description: 'URLs as the service takes them at creation (a text value)',
				routing: { send: { type: 'body', property: 'urls' } },
			},
		]),
	],
};

import type { Operation } from '../operation';
import { additionalBodyFieldsOption } from '../../fields/additionalFields';
import { KNOWLEDGE_BASE_EXTRA_FILES_FIELD } from '../../shared/constants';
import { knowledgeBaseId } from './knowledgeBaseId';
import { updateForm } from './updateForm';

const show = { resource: ['knowledgeBase'], operation: ['update'] };

/** Multipart/form-data: the files come from the item's binary data. */
export const updateKnowledgeBase: Operation = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a knowledge base',
		description:
			'Rename a knowledge base or add documents (binary files), URLs and FAQ pairs to it',
	},
	request: {
		method: 'PUT',
		path: '/v2/_knowledgebase/{id}',
		ids: { id: { field: knowledgeBaseId } },
		form: updateForm,
	},
	write: {
		unknownOutcome:
			'The knowledge base may have been updated: look at it with Knowledge Base → Get before running this item again.',
	},
	fields: [
		knowledgeBaseId,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			description: 'Sent as multipart/form-data; files come from the input item’s binary data',
			displayOptions: { show },
			options: [
				additionalBodyFieldsOption(
					'JSON object of further form fields, sent after the others; a list value repeats the field, e.g. {"urls": ["https://example.com/a", "https://example.com/b"]}',
				),
				{
					displayName: 'Additional Files (Binary Properties)',
					name: 'additionalFilesBinaryProperties',
					type: 'string',
					default: '',
					placeholder: 'e.g. attachment',
					description:
						'Comma-separated binary properties of the input item sent as the further file list',
				},
				{
					displayName: 'Additional Files Field Name',
					name: 'additionalFilesField',
					type: 'string',
					default: KNOWLEDGE_BASE_EXTRA_FILES_FIELD,
					description:
						'Form field of the further file list. The service description does not name it; change it if your service expects another name.',
				},
				{
					displayName: 'FAQ Pairs',
					name: 'faqs',
					type: 'fixedCollection',
					typeOptions: { multipleValues: true },
					placeholder: 'Add FAQ Pair',
					default: {},
					options: [
						{
							displayName: 'FAQ',
							name: 'faq',
							values: [
								{ displayName: 'Question', name: 'question', type: 'string', default: '' },
								{
									displayName: 'Answer',
									name: 'answer',
									type: 'string',
									typeOptions: { rows: 2 },
									default: '',
								},
							],
						},
					],
				},
				{
					displayName: 'Files (Binary Properties)',
					name: 'binaryProperties',
					type: 'string',
					default: 'data',
					placeholder: 'e.g. data, contract',
					description: 'Comma-separated binary properties of the input item to upload as documents',
				},
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					description: 'New name of the knowledge base',
				},
				{
					displayName: 'URLs',
					name: 'urls',
					type: 'fixedCollection',
					typeOptions: { multipleValues: true },
					placeholder: 'Add URL',
					default: {},
					options: [
						{
							displayName: 'URL',
							name: 'url',
							values: [
								{
									displayName: 'URL',
									name: 'value',
									type: 'string',
									default: '',
									placeholder: 'e.g. https://example.com/docs/pricing',
									description: 'URL of a document to index',
								},
							],
						},
					],
				},
			],
		},
	],
};

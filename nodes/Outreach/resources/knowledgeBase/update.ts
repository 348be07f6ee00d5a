import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { FAQ_PAIR_KEYS, KNOWLEDGE_BASE_EXTRA_FILES_FIELD } from '../../shared/constants';
import { fieldError } from '../../shared/errors';
import { additionalBodyFieldsOption, readAdditionalBodyFields } from '../../shared/escapeHatch';
import { binaryFile, formBody } from '../../shared/multipart';
import { writeRouting, type Operation } from '../../shared/operations';
import { knowledgeBaseId } from './knowledgeBaseId';

const show = { resource: ['knowledgeBase'], operation: ['update'] };

function listOfNames(value: unknown): string[] {
	return String(value ?? '')
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name !== '');
}

/** The escape hatch as form fields: a list value repeats the field, other values are sent as JSON text. */
function additionalFormFields(context: IExecuteSingleFunctions): Array<[string, string]> {
	const extra =
		readAdditionalBodyFields(
			context,
			'updateFields.additionalBodyFields',
			'a JSON object of form fields',
		) ?? {};
	return Object.entries(extra).flatMap(([key, value]) => {
		if (key.trim() === '')
			throw fieldError(context, 'Additional Body Fields', 'a field name is empty');
		return (Array.isArray(value) ? value : [value]).map((entry): [string, string] => [
			key,
			typeof entry === 'string' ? entry : JSON.stringify(entry),
		]);
	});
}

/** The multipart/form-data body of the update: name, URLs, FAQ pairs, further fields, then the files. */
async function sendUpdateForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: Array<[string, string]> = [];
	const name = String(this.getNodeParameter('updateFields.name', '') ?? '').trim();
	if (name) fields.push(['name', name]);

	const urls = this.getNodeParameter('updateFields.urls.url', []) as Array<{ value?: string }>;
	for (const url of urls) {
		const value = String(url.value ?? '').trim();
		if (value) fields.push(['urls', value]);
	}
	const faqs = this.getNodeParameter('updateFields.faqs.faq', []) as Array<{
		question?: string;
		answer?: string;
	}>;
	faqs.forEach((faq, index) => {
		const question = String(faq.question ?? '').trim();
		const answer = String(faq.answer ?? '').trim();
		if (!question || !answer) {
			throw fieldError(
				this,
				`FAQ Pairs (pair ${index + 1})`,
				'needs both a question and an answer',
			);
		}
		fields.push([
			'faqs',
			JSON.stringify({ [FAQ_PAIR_KEYS.question]: question, [FAQ_PAIR_KEYS.answer]: answer }),
		]);
	});
	fields.push(...additionalFormFields(this));

	const files: Array<[string, File]> = [];
	for (const property of listOfNames(this.getNodeParameter('updateFields.binaryProperties', ''))) {
		files.push(['files', await binaryFile(this, property, 'Files (Binary Properties)')]);
	}
	const extraFilesField =
		String(this.getNodeParameter('updateFields.additionalFilesField', '') ?? '').trim() ||
		KNOWLEDGE_BASE_EXTRA_FILES_FIELD;
	const extraFiles = listOfNames(
		this.getNodeParameter('updateFields.additionalFilesBinaryProperties', ''),
	);
	for (const property of extraFiles) {
		files.push([
			extraFilesField,
			await binaryFile(this, property, 'Additional Files (Binary Properties)'),
		]);
	}

	if (fields.length === 0 && files.length === 0) {
		throw fieldError(
			this,
			'Update Fields',
			'add at least one of Name, Files, URLs, FAQ Pairs, Additional Files or Additional Body Fields',
		);
	}
	requestOptions.body = formBody(fields, files);
	requestOptions.json = false;
	return requestOptions;
}

/** PUT /v2/_knowledgebase/{id} as multipart/form-data; the files come from the item's binary data. */
export const updateKnowledgeBase: Operation = {
	option: {
		name: 'Update',
		value: 'update',
		action: 'Update a knowledge base',
		description:
			'Rename a knowledge base or add documents (binary files), URLs and FAQ pairs to it',
		routing: writeRouting(
			'PUT',
			'/v2/_knowledgebase/{id}',
			'The knowledge base may have been updated: look at it with Knowledge Base → Get before running this item again.',
			{ pathParameters: { id: { field: knowledgeBaseId } }, bodySteps: [sendUpdateForm] },
		),
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
					'updateFields',
					'JSON object of further form fields, sent after the others; a list value repeats the field, e.g. {"urls": ["https://example.com/a", "https://example.com/b"]}',
					false,
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

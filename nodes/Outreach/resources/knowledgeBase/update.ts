import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { formatFaqPair, KNOWLEDGE_BASE_EXTRA_FILES_FIELD } from '../../shared/constants';
import { fieldError } from '../../shared/errors';
import { ADDITIONAL_BODY_FIELDS_LABEL, readJsonParameter } from '../../shared/routing';
import { isPlainObject } from '../../shared/validation';
import { encodeMultipart, type MultipartFile } from '../../shared/multipart';

const show = { resource: ['knowledgeBase'], operation: ['update'] };

function listOfNames(value: unknown): string[] {
	return String(value ?? '')
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name !== '');
}

async function readBinaryFiles(
	context: IExecuteSingleFunctions,
	propertyNames: string[],
	field: string,
	fieldLabel: string,
): Promise<MultipartFile[]> {
	const binary = context.getInputData().binary ?? {};
	const files: MultipartFile[] = [];
	for (const propertyName of propertyNames) {
		const data = binary[propertyName];
		if (!data) {
			const available = Object.keys(binary);
			throw fieldError(
				context,
				fieldLabel,
				`the input item has no binary property "${propertyName}"`,
				available.length
					? `Its binary properties: ${available.join(', ')}.`
					: 'The input item has no binary data.',
			);
		}
		files.push({
			field,
			fileName: data.fileName ?? propertyName,
			mimeType: data.mimeType || 'application/octet-stream',
			content: await context.helpers.getBinaryDataBuffer(propertyName),
		});
	}
	return files;
}

/** Builds the multipart/form-data body from the form: name, files, further files, URLs, FAQ pairs. */
async function sendKnowledgeBaseForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: Array<[string, string]> = [];
	const name = String(this.getNodeParameter('updateFields.name', '') ?? '').trim();
	if (name) fields.push(['name', name]);

	for (const url of this.getNodeParameter('updateFields.urls.url', []) as Array<{
		value?: string;
	}>) {
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
		if (!question || !answer)
			throw fieldError(
				this,
				`FAQ Pairs (pair ${index + 1})`,
				'needs both a question and an answer',
			);
		fields.push(['faqs', formatFaqPair(question, answer)]);
	});

	// The escape hatch: further form fields, e.g. the one the seed leaves unnamed; lists repeat the field.
	const extra = readJsonParameter(
		this,
		'updateFields.additionalBodyFields',
		ADDITIONAL_BODY_FIELDS_LABEL,
	);
	if (extra !== undefined) {
		if (!isPlainObject(extra)) {
			throw fieldError(
				this,
				ADDITIONAL_BODY_FIELDS_LABEL,
				'must be a JSON object of form fields, e.g. {"field": "value"}',
			);
		}
		for (const [key, value] of Object.entries(extra)) {
			for (const entry of Array.isArray(value) ? value : [value]) {
				fields.push([key, typeof entry === 'string' ? entry : JSON.stringify(entry)]);
			}
		}
	}

	const files = await readBinaryFiles(
		this,
		listOfNames(this.getNodeParameter('updateFields.binaryProperties', '')),
		'files',
		'Files (Binary Properties)',
	);
	const extraFieldName = String(
		this.getNodeParameter('updateFields.additionalFilesField', KNOWLEDGE_BASE_EXTRA_FILES_FIELD) ||
			KNOWLEDGE_BASE_EXTRA_FILES_FIELD,
	).trim();
	files.push(
		...(await readBinaryFiles(
			this,
			listOfNames(this.getNodeParameter('updateFields.additionalFilesBinaryProperties', '')),
			extraFieldName,
			'Additional Files (Binary Properties)',
		)),
	);

	if (fields.length === 0 && files.length === 0) {
		throw fieldError(
			this,
			'Update Fields',
			'add at least one of Name, Files, URLs, FAQ Pairs, Additional Files or Additional Body Fields',
		);
	}
	const { body, contentType } = await encodeMultipart(fields, files);
	requestOptions.body = body;
	requestOptions.json = false;
	requestOptions.headers = { ...requestOptions.headers, 'Content-Type': contentType };
	return requestOptions;
}

/** The Knowledge Base ID is defined with Get (get.ts). */
export const updateKnowledgeBaseDescription: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Sent as multipart/form-data; files come from the input item’s binary data',
		displayOptions: { show },
		routing: { send: { preSend: [sendKnowledgeBaseForm] } },
		options: [
			{
				displayName: 'Additional Body Fields',
				name: 'additionalBodyFields',
				type: 'json',
				default: '{}',
				description:
					'JSON object of further form fields, sent after the others; a list value repeats the field, e.g. {"purpose": "support"}',
			},
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
];

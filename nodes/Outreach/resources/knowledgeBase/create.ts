import type { INodeProperties } from 'n8n-workflow';

import { additionalBodyFieldsOption } from '../../shared/descriptions';
import { mergeAdditionalBodyFields } from '../../shared/routing';

const show = { resource: ['knowledgeBase'], operation: ['create'] };

export const createKnowledgeBaseDescription: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Product FAQ',
		description: 'Display name of the knowledge base',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'name' } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		routing: { send: { preSend: [mergeAdditionalBodyFields('additionalFields.additionalBodyFields')] } },
		options: [
			additionalBodyFieldsOption,
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
				description: 'Files as the service takes them at creation (a text value); upload documents with Update',
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
		],
	},
];

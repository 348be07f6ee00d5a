import type { INodeProperties } from 'n8n-workflow';

import { requireBodyValue } from '../../shared/routing';

import { additionalFieldsCollection } from '../../shared/descriptions';

const show = { resource: ['knowledgeBase'], operation: ['create'] };

export const createKnowledgeBaseDescription: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'knowledgeBaseName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Product FAQ',
		description: 'Display name of the knowledge base',
		displayOptions: { show },
		routing: {
			send: { type: 'body', property: 'name', preSend: [requireBodyValue('name', 'Name')] },
		},
	},
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
];

import { requiredBodyField } from '../../fields/bodyFields';
import { ASSISTANT_MODEL_FIELD } from '../../shared/constants';
import { COMMA_SEPARATED_LIST } from '../../shared/lists';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';

const show = { resource: ['assistant'], operation: ['create'] };

/** POST /v2/_assistants */
export const createAssistant: Operation = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create an assistant',
		description: 'Create an AI assistant that can use actions',
		routing: writeRouting(
			'POST',
			'/v2/_assistants',
			'The assistant may have been created: look for it in the service before running this item again.',
		),
	},
	fields: [
		requiredBodyField({
			displayName: 'Name',
			name: 'assistantName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Appointment setter',
			description: 'Display name of the assistant',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'name' } },
		}),
		additionalFieldsCollection('assistantFields', show, [
			{
				displayName: 'Action Names or IDs',
				name: 'actions',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getActions' },
				default: [],
				description:
					'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				routing: { send: { type: 'body', property: 'actions', value: COMMA_SEPARATED_LIST } },
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'What the assistant is for',
				routing: { send: { type: 'body', property: 'description' } },
			},
			{
				displayName: 'Model',
				name: 'model',
				type: 'string',
				default: '',
				placeholder: 'e.g. gpt-4o',
				description: `AI model the assistant uses; sent as "${ASSISTANT_MODEL_FIELD}" (the service description does not name this field — override it with Additional Body Fields if yours differs)`,
				routing: { send: { type: 'body', property: ASSISTANT_MODEL_FIELD } },
			},
		]),
	],
};

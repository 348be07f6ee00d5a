import type { Operation } from '../operation';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { bodyField, commaList, requiredText, textOption } from '../../fields/bodyFields';
import { ASSISTANT_MODEL_FIELD } from '../../shared/constants';

const show = { resource: ['assistant'], operation: ['create'] };

export const createAssistant: Operation = {
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create an assistant',
		description: 'Create an AI assistant that can use actions',
	},
	request: { method: 'POST', path: '/v2/_assistants' },
	write: {
		unknownOutcome:
			'The assistant may have been created: look for it in the service before running this item again.',
	},
	fields: [
		requiredText('Name', 'assistantName', 'name', show, {
			placeholder: 'e.g. Appointment setter',
			description: 'Display name of the assistant',
		}),
		additionalFieldsCollection('assistantFields', show, [
			bodyField(
				{
					displayName: 'Action Names or IDs',
					name: 'actions',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getActions' },
					default: [],
					description:
						'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				},
				'actions',
				commaList,
			),
			textOption('Description', 'description', 'description', {
				typeOptions: { rows: 2 },
				description: 'What the assistant is for',
			}),
			textOption('Model', 'model', ASSISTANT_MODEL_FIELD, {
				placeholder: 'e.g. gpt-4o',
				description: `AI model the assistant uses; sent as "${ASSISTANT_MODEL_FIELD}" (the service description does not name this field — override it with Additional Body Fields if yours differs)`,
			}),
		]),
	],
};

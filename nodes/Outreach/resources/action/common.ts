import type { INodeProperties } from 'n8n-workflow';

import { additionalBodyFieldsOption } from '../../shared/descriptions';
import { mergeAdditionalBodyFields } from '../../shared/routing';

export const showFor = (operation: string) => ({ resource: ['action'], operation: [operation] });

/** Name and description, which every action kind has (description is optional only for telephony). */
export function actionIdentityFields(operation: string, descriptionRequired = true): INodeProperties[] {
	return [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			description: 'Display name of the action',
			displayOptions: { show: showFor(operation) },
			routing: { send: { type: 'body', property: 'name' } },
		},
		...(descriptionRequired
			? [
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						required: true,
						typeOptions: { rows: 2 },
						default: '',
						description: 'What the action is for; the AI agent reads it to decide when to use the action',
						displayOptions: { show: showFor(operation) },
						routing: { send: { type: 'body' as const, property: 'description' } },
					} satisfies INodeProperties,
				]
			: []),
	];
}

/** Additional Fields of an action: the given options plus the escape hatch. */
export function actionAdditionalFields(operation: string, options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: showFor(operation) },
		routing: { send: { preSend: [mergeAdditionalBodyFields('additionalFields.additionalBodyFields')] } },
		options: [additionalBodyFieldsOption, ...options],
	};
}

/** webhook.mandatory: wait for the confirmation or external response before the call goes on. */
export function mandatoryOption(defaultValue: boolean, description: string): INodeProperties {
	return {
		displayName: 'Mandatory',
		name: 'mandatory',
		type: 'boolean',
		// The default differs by action kind (the seed gives true only for email), so it is a parameter here.
		// eslint-disable-next-line n8n-nodes-base/node-param-default-wrong-for-boolean
		default: defaultValue,
		description,
		routing: { send: { type: 'body', property: 'webhook.mandatory' } },
	};
}

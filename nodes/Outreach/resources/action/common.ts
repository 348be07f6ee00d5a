import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection } from '../../shared/descriptions';
import { requireIntegrationType, requireBodyValue } from '../../shared/routing';

export const showFor = (operation: string) => ({ resource: ['action'], operation: [operation] });

const actionCreations = [
	'createEmail',
	'createSms',
	'createCallTransfer',
	'createStaffing',
	'createTelephony',
];

/** Name, for every action kind, and Description, required by all kinds but telephony (where it is optional). */
export const actionIdentityFields: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'actionName',
		type: 'string',
		required: true,
		default: '',
		description: 'Display name of the action',
		displayOptions: { show: { resource: ['action'], operation: actionCreations } },
		routing: {
			send: { type: 'body', property: 'name', preSend: [requireBodyValue('name', 'Name')] },
		},
	},
	{
		displayName: 'Description',
		name: 'actionDescription',
		type: 'string',
		required: true,
		typeOptions: { rows: 2 },
		default: '',
		description: 'What the action is for; the AI agent reads it to decide when to use the action',
		displayOptions: {
			show: {
				resource: ['action'],
				operation: actionCreations.filter((operation) => operation !== 'createTelephony'),
			},
		},
		routing: {
			send: {
				type: 'body',
				property: 'description',
				preSend: [requireBodyValue('description', 'Description')],
			},
		},
	},
];

/** The staffing and telephony integrations' upper-case system name, which the seed leaves to the user. */
export const integrationTypeField: INodeProperties = {
	displayName: 'Integration Type',
	name: 'integrationType',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. MY_ATS',
	description:
		'Upper-case system name of your staffing-system or telephony integration, as the service knows it',
	displayOptions: {
		show: { resource: ['action'], operation: ['createStaffing', 'createTelephony'] },
	},
	routing: { send: { preSend: [requireIntegrationType('integrationType', 'Integration Type')] } },
};

/** Additional Fields of one action kind: the given options plus the escape hatch. */
export function actionAdditionalFields(
	operation: string,
	name: string,
	options: INodeProperties[],
): INodeProperties {
	return additionalFieldsCollection(name, showFor(operation), options);
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

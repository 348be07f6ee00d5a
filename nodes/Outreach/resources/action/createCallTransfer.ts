import { requiredBodyField } from '../../fields/bodyFields';
import type { Operation } from '../../fields/operationList';
import {
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	showFor,
} from './common';

/** Create call transfer action: `type: CALL_TRANSFER` and the destination `phone_number`. */
export const createCallTransferAction: Operation = {
	option: {
		name: 'Create Call Transfer',
		value: 'createCallTransfer',
		action: 'Create a call transfer action',
		description: 'Create an action that transfers the call to a phone number',
		routing: createActionRequest('CALL_TRANSFER', [
			{ path: 'phone_number', field: 'Phone Number' },
		]),
	},
	fields: [
		...actionIdentityFields,
		requiredBodyField({
			displayName: 'Phone Number',
			name: 'transferNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +14155550100',
			description: 'Number the call is transferred to',
			displayOptions: { show: showFor('createCallTransfer') },
			routing: {
				send: { type: 'body', property: 'phone_number', value: '={{ String($value).trim() }}' },
			},
		}),
		actionAdditionalFields('createCallTransfer', 'transferFields', [
			{
				displayName: 'Enable Extension Dialing',
				name: 'extensionEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether the transfer may dial an extension',
				routing: { send: { type: 'body', property: 'webhook.extension_enabled' } },
			},
			{
				displayName: 'Run Before Call',
				name: 'runBeforeCall',
				type: 'boolean',
				default: false,
				description: 'Whether to run the actions before the transfer',
				routing: { send: { type: 'body', property: 'runBeforeCall' } },
			},
			{
				displayName: 'Speech',
				name: 'speech',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'What the agent says before transferring',
				routing: { send: { type: 'body', property: 'speech' } },
			},
		]),
	],
};

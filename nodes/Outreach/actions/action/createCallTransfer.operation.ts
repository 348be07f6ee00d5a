import type { Operation } from '../operation';
import { bodyField, checks, required, trimmed } from '../../fields/bodyFields';
import {
	UNKNOWN_CREATION,
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	showFor,
} from './common';

/** Create call transfer action: `type: CALL_TRANSFER` and the destination `phone_number`. */
export const createCallTransferAction: Operation = {
	resource: 'action',
	option: {
		name: 'Create Call Transfer',
		value: 'createCallTransfer',
		action: 'Create a call transfer action',
		description: 'Create an action that transfers the call to a phone number',
	},
	request: createActionRequest('CALL_TRANSFER'),
	write: {
		unknownOutcome: UNKNOWN_CREATION,
		destinations: [{ path: 'phone_number', field: 'Phone Number' }],
	},
	fields: [
		...actionIdentityFields,
		bodyField(
			{
				displayName: 'Phone Number',
				name: 'transferNumber',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. +14155550100',
				description: 'Number the call is transferred to',
				displayOptions: { show: showFor('createCallTransfer') },
			},
			'phone_number',
			checks(trimmed, required),
		),
		actionAdditionalFields('createCallTransfer', 'transferFields', [
			bodyField(
				{
					displayName: 'Enable Extension Dialing',
					name: 'extensionEnabled',
					type: 'boolean',
					default: false,
					description: 'Whether the transfer may dial an extension',
				},
				'webhook.extension_enabled',
			),
			bodyField(
				{
					displayName: 'Run Before Call',
					name: 'runBeforeCall',
					type: 'boolean',
					default: false,
					description: 'Whether to run the actions before the transfer',
				},
				'runBeforeCall',
			),
			bodyField(
				{
					displayName: 'Speech',
					name: 'speech',
					type: 'string',
					typeOptions: { rows: 2 },
					default: '',
					description: 'What the agent says before transferring',
				},
				'speech',
			),
		]),
	],
};

import {
	bodyField,
	checks,
	required,
	requiredText,
	textOption,
	trimmed,
} from '../../fields/bodyFields';
import { actionAdditionalFields, actionCreation, showFor } from './common';

export const createCallTransferAction = actionCreation(
	{
		name: 'Create Call Transfer',
		value: 'createCallTransfer',
		action: 'Create a call transfer action',
		description: 'Create an action that transfers the call to a phone number',
	},
	'CALL_TRANSFER',
	[
		requiredText('Phone Number', 'transferNumber', 'phone_number', showFor('createCallTransfer'), {
			placeholder: 'e.g. +14155550100',
			description: 'Number the call is transferred to',
			check: checks(trimmed, required),
		}),
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
			textOption('Speech', 'speech', 'speech', {
				typeOptions: { rows: 2 },
				description: 'What the agent says before transferring',
			}),
		]),
	],
	[{ path: 'phone_number', field: 'Phone Number' }],
);

import type { INodeProperties } from 'n8n-workflow';

import { requireBodyValue } from '../../shared/routing';

import { actionAdditionalFields, showFor } from './common';

export const createCallTransferActionDescription: INodeProperties[] = [
	{
		displayName: 'Phone Number',
		name: 'transferNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550100',
		description: 'Number the call is transferred to',
		displayOptions: { show: showFor('createCallTransfer') },
		routing: {
			send: {
				type: 'body',
				property: 'phone_number',
				value: '={{ String($value).trim() }}',
				preSend: [requireBodyValue('phone_number', 'Phone Number')],
			},
		},
	},
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
];

import type { INodeProperties } from 'n8n-workflow';

import { requireBodyValue } from '../../shared/routing';

import { COMMA_SEPARATED_LIST } from '../../shared/constants';
import { actionAdditionalFields, mandatoryOption, showFor } from './common';

const show = showFor('createSms');

export const createSmsActionDescription: INodeProperties[] = [
	{
		displayName: 'To',
		name: 'smsTo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550100',
		description: 'Comma-separated recipient phone numbers',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'sms.to.value',
				value: COMMA_SEPARATED_LIST,
				preSend: [requireBodyValue('sms.to.value', 'To')],
			},
		},
	},
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TWILIO',
		description: 'Name of the SMS provider; sent in upper case',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'sms.provider',
				value: '={{ String($value).trim().toUpperCase() }}',
				preSend: [requireBodyValue('sms.provider', 'Provider')],
			},
		},
	},
	{
		displayName: 'From',
		name: 'smsFrom',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550199',
		description: 'Sender phone number',
		displayOptions: { show },
		routing: {
			send: { type: 'body', property: 'sms.from', preSend: [requireBodyValue('sms.from', 'From')] },
		},
	},
	{
		displayName: 'Body',
		name: 'smsBody',
		type: 'string',
		required: true,
		typeOptions: { rows: 3 },
		default: '',
		description: 'Message template',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'sms.body.value',
				preSend: [requireBodyValue('sms.body.value', 'Body')],
			},
		},
	},
	actionAdditionalFields('createSms', 'smsFields', [
		{
			displayName: 'CC',
			name: 'cc',
			type: 'string',
			default: '',
			description: 'Comma-separated phone numbers that get a copy',
			routing: { send: { type: 'body', property: 'sms.cc', value: COMMA_SEPARATED_LIST } },
		},
		mandatoryOption(
			false,
			'Whether the agent must get a confirmation before the conversation goes on',
		),
		{
			displayName: 'Response Message Context',
			name: 'responseMessageContext',
			type: 'string',
			default: 'I’ve just sent you a text message. Please let me know if you received it.',
			description: 'What the agent says after sending the message',
			routing: { send: { type: 'body', property: 'sms.response_message_context' } },
		},
	]),
];

import type { INodeProperties } from 'n8n-workflow';

import { requireBodyValue } from '../../shared/routing';

import { COMMA_SEPARATED_LIST } from '../../shared/constants';
import { actionAdditionalFields, mandatoryOption, showFor } from './common';

const show = showFor('createEmail');

export const createEmailActionDescription: INodeProperties[] = [
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.email }}, sales@example.com',
		description: 'Comma-separated recipients',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'email.to.value',
				value: COMMA_SEPARATED_LIST,
				preSend: [requireBodyValue('email.to.value', 'To')],
			},
		},
	},
	{
		displayName: 'From',
		name: 'from',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. team@example.com',
		description: 'Sender address',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'email.from',
				preSend: [requireBodyValue('email.from', 'From')],
			},
		},
	},
	{
		displayName: 'Mail Provider',
		name: 'fromType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. gmail',
		description: 'Name of the mail provider that sends it; sent in lower case',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'email.from_type',
				value: '={{ String($value).trim().toLowerCase() }}',
				preSend: [requireBodyValue('email.from_type', 'Mail Provider')],
			},
		},
	},
	{
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		required: true,
		default: '',
		description: 'ID of the user whose mail account authenticates the sending',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'email.user_id',
				preSend: [requireBodyValue('email.user_id', 'User ID')],
			},
		},
	},
	{
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		required: true,
		default: '',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'email.subject.value',
				preSend: [requireBodyValue('email.subject.value', 'Subject')],
			},
		},
	},
	{
		displayName: 'Body',
		name: 'body',
		type: 'string',
		required: true,
		typeOptions: { rows: 5 },
		default: '',
		description: 'Text of the email; HTML is supported',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'email.body.value',
				preSend: [requireBodyValue('email.body.value', 'Body')],
			},
		},
	},
	actionAdditionalFields('createEmail', 'emailFields', [
		{
			displayName: 'Attachment (JSON)',
			name: 'attachment',
			type: 'json',
			default: '{}',
			description: 'File attachments as the service describes them (a JSON object)',
			routing: {
				send: {
					type: 'body',
					property: 'email.attachment',
					value: '={{ typeof $value === "string" ? JSON.parse($value) : $value }}',
				},
			},
		},
		{
			displayName: 'BCC',
			name: 'bcc',
			type: 'string',
			default: '',
			description: 'Comma-separated blind-copy recipients',
			routing: { send: { type: 'body', property: 'email.bcc' } },
		},
		{
			displayName: 'CC',
			name: 'cc',
			type: 'string',
			default: '',
			description: 'Comma-separated copy recipients',
			routing: { send: { type: 'body', property: 'email.cc' } },
		},
		mandatoryOption(true, 'Whether the action must complete before the conversation goes on'),
		{
			displayName: 'Response Message Context',
			name: 'responseMessageContext',
			type: 'string',
			default: 'I’ve just sent you an email. Please let me know if you received it.',
			description: 'What the agent says after sending the email',
			routing: { send: { type: 'body', property: 'email.response_message_context' } },
		},
		{
			displayName: 'Send Static Content',
			name: 'sendStaticContent',
			type: 'boolean',
			default: true,
			description: 'Whether to send the subject and body as written rather than generated',
			// The service spells this field "contect".
			routing: { send: { type: 'body', property: 'email.send_static_contect' } },
		},
	]),
];

import type { Operation } from '../operation';
import { bodyField, checks, commaList, json, lowerCase, required } from '../../fields/bodyFields';
import {
	UNKNOWN_CREATION,
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	mandatoryOption,
	showFor,
} from './common';

const show = showFor('createEmail');

/** Create email action: `type: SEND_EMAIL`, the message under `email`. */
export const createEmailAction: Operation = {
	resource: 'action',
	option: {
		name: 'Create Email',
		value: 'createEmail',
		action: 'Create an email action',
		description: 'Create an action that sends an email during a call',
	},
	request: createActionRequest('SEND_EMAIL'),
	write: {
		unknownOutcome: UNKNOWN_CREATION,
	},
	fields: [
		...actionIdentityFields,
		bodyField(
			{
				displayName: 'To',
				name: 'to',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. {{ $json.email }}, sales@example.com',
				description: 'Comma-separated recipients',
				displayOptions: { show },
			},
			'email.to.value',
			checks(commaList, required),
		),
		bodyField(
			{
				displayName: 'From',
				name: 'from',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. team@example.com',
				description: 'Sender address',
				displayOptions: { show },
			},
			'email.from',
			required,
		),
		bodyField(
			{
				displayName: 'Mail Provider',
				name: 'fromType',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. gmail',
				description: 'Name of the mail provider that sends it; sent in lower case',
				displayOptions: { show },
			},
			'email.from_type',
			checks(lowerCase, required),
		),
		bodyField(
			{
				displayName: 'User ID',
				name: 'userId',
				type: 'string',
				required: true,
				default: '',
				description: 'ID of the user whose mail account authenticates the sending',
				displayOptions: { show },
			},
			'email.user_id',
			required,
		),
		bodyField(
			{
				displayName: 'Subject',
				name: 'subject',
				type: 'string',
				required: true,
				default: '',
				displayOptions: { show },
			},
			'email.subject.value',
			required,
		),
		bodyField(
			{
				displayName: 'Body',
				name: 'body',
				type: 'string',
				required: true,
				typeOptions: { rows: 5 },
				default: '',
				description: 'Text of the email; HTML is supported',
				displayOptions: { show },
			},
			'email.body.value',
			required,
		),
		actionAdditionalFields('createEmail', 'emailFields', [
			bodyField(
				{
					displayName: 'Attachment (JSON)',
					name: 'attachment',
					type: 'json',
					default: '{}',
					description: 'File attachments as the service describes them (a JSON object)',
				},
				'email.attachment',
				json('object'),
			),
			bodyField(
				{
					displayName: 'BCC',
					name: 'bcc',
					type: 'string',
					default: '',
					description: 'Comma-separated blind-copy recipients',
				},
				'email.bcc',
			),
			bodyField(
				{
					displayName: 'CC',
					name: 'cc',
					type: 'string',
					default: '',
					description: 'Comma-separated copy recipients',
				},
				'email.cc',
			),
			mandatoryOption('Whether the action must complete before the conversation goes on', true),
			bodyField(
				{
					displayName: 'Response Message Context',
					name: 'responseMessageContext',
					type: 'string',
					default: 'I’ve just sent you an email. Please let me know if you received it.',
					description: 'What the agent says after sending the email',
				},
				'email.response_message_context',
			),
			bodyField(
				{
					displayName: 'Send Static Content',
					name: 'sendStaticContent',
					type: 'boolean',
					default: true,
					description: 'Whether to send the subject and body as written rather than generated',
					// The service spells this field "contect".
				},
				'email.send_static_contect',
			),
		]),
	],
};

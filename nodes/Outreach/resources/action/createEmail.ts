import { jsonBodyField, requiredBodyField } from '../../fields/bodyFields';
import { COMMA_SEPARATED_LIST } from '../../shared/lists';
import type { Operation } from '../../fields/operationList';
import {
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	mandatoryOption,
	showFor,
} from './common';

const show = showFor('createEmail');

/** Create email action: `type: SEND_EMAIL`, the message under `email`. */
export const createEmailAction: Operation = {
	option: {
		name: 'Create Email',
		value: 'createEmail',
		action: 'Create an email action',
		description: 'Create an action that sends an email during a call',
		routing: createActionRequest('SEND_EMAIL'),
	},
	fields: [
		...actionIdentityFields,
		requiredBodyField({
			displayName: 'To',
			name: 'to',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.email }}, sales@example.com',
			description: 'Comma-separated recipients',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'email.to.value', value: COMMA_SEPARATED_LIST } },
		}),
		requiredBodyField({
			displayName: 'From',
			name: 'from',
			type: 'string',
			default: '',
			placeholder: 'e.g. team@example.com',
			description: 'Sender address',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'email.from' } },
		}),
		requiredBodyField({
			displayName: 'Mail Provider',
			name: 'fromType',
			type: 'string',
			default: '',
			placeholder: 'e.g. gmail',
			description: 'Name of the mail provider that sends it; sent in lower case',
			displayOptions: { show },
			routing: {
				send: {
					type: 'body',
					property: 'email.from_type',
					value: '={{ String($value).trim().toLowerCase() }}',
				},
			},
		}),
		requiredBodyField({
			displayName: 'User ID',
			name: 'userId',
			type: 'string',
			default: '',
			description: 'ID of the user whose mail account authenticates the sending',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'email.user_id' } },
		}),
		requiredBodyField({
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			default: '',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'email.subject.value' } },
		}),
		requiredBodyField({
			displayName: 'Body',
			name: 'body',
			type: 'string',
			typeOptions: { rows: 5 },
			default: '',
			description: 'Text of the email; HTML is supported',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'email.body.value' } },
		}),
		actionAdditionalFields('createEmail', 'emailFields', [
			jsonBodyField(
				{
					displayName: 'Attachment (JSON)',
					name: 'attachment',
					type: 'json',
					default: '{}',
					description: 'File attachments as the service describes them (a JSON object)',
					routing: { send: { type: 'body', property: 'email.attachment' } },
				},
				'object',
			),
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
			mandatoryOption('Whether the action must complete before the conversation goes on', true),
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
	],
};

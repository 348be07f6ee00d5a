import {
	bodyField,
	checks,
	commaList,
	json,
	lowerCase,
	required,
	requiredText,
	textOption,
} from '../../fields/bodyFields';
import { actionAdditionalFields, actionCreation, mandatoryOption, showFor } from './common';

const show = showFor('createEmail');

export const createEmailAction = actionCreation(
	{
		name: 'Create Email',
		value: 'createEmail',
		action: 'Create an email action',
		description: 'Create an action that sends an email during a call',
	},
	'SEND_EMAIL',
	[
		requiredText('To', 'to', 'email.to.value', show, {
			placeholder: 'e.g. {{ $json.email }}, sales@example.com',
			description: 'Comma-separated recipients',
			check: checks(commaList, required),
		}),
		requiredText('From', 'from', 'email.from', show, {
			placeholder: 'e.g. team@example.com',
			description: 'Sender address',
		}),
		requiredText('Mail Provider', 'fromType', 'email.from_type', show, {
			placeholder: 'e.g. gmail',
			description: 'Name of the mail provider that sends it; sent in lower case',
			check: checks(lowerCase, required),
		}),
		requiredText('User ID', 'userId', 'email.user_id', show, {
			description: 'ID of the user whose mail account authenticates the sending',
		}),
		requiredText('Subject', 'subject', 'email.subject.value', show),
		requiredText('Body', 'body', 'email.body.value', show, {
			typeOptions: { rows: 5 },
			description: 'Text of the email; HTML is supported',
		}),
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
			textOption('BCC', 'bcc', 'email.bcc', {
				description: 'Comma-separated blind-copy recipients',
			}),
			textOption('CC', 'cc', 'email.cc', { description: 'Comma-separated copy recipients' }),
			mandatoryOption('Whether the action must complete before the conversation goes on', true),
			textOption(
				'Response Message Context',
				'responseMessageContext',
				'email.response_message_context',
				{
					default: 'I’ve just sent you an email. Please let me know if you received it.',
					description: 'What the agent says after sending the email',
				},
			),
			bodyField(
				{
					displayName: 'Send Static Content',
					name: 'sendStaticContent',
					type: 'boolean',
					default: true,
					description: 'Whether to send the subject and body as written rather than generated',
				},
				// The service spells this field "contect".
				'email.send_static_contect',
			),
		]),
	],
);

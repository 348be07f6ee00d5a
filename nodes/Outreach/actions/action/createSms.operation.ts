import {
	checks,
	commaList,
	required,
	requiredText,
	textOption,
	upperCase,
} from '../../fields/bodyFields';
import { actionAdditionalFields, actionCreation, mandatoryOption, showFor } from './common';

const show = showFor('createSms');

export const createSmsAction = actionCreation(
	{
		name: 'Create SMS',
		value: 'createSms',
		action: 'Create an SMS action',
		description: 'Create an action that sends a text message during a call',
	},
	'SEND_SMS',
	[
		requiredText('To', 'smsTo', 'sms.to.value', show, {
			placeholder: 'e.g. +14155550100',
			description: 'Comma-separated recipient phone numbers',
			check: checks(commaList, required),
		}),
		requiredText('Provider', 'provider', 'sms.provider', show, {
			placeholder: 'e.g. TWILIO',
			description: 'Name of the SMS provider; sent in upper case',
			check: checks(upperCase, required),
		}),
		requiredText('From', 'smsFrom', 'sms.from', show, {
			placeholder: 'e.g. +14155550199',
			description: 'Sender phone number',
		}),
		requiredText('Body', 'smsBody', 'sms.body.value', show, {
			typeOptions: { rows: 3 },
			description: 'Message template',
		}),
		actionAdditionalFields('createSms', 'smsFields', [
			textOption('CC', 'cc', 'sms.cc', {
				description: 'Comma-separated phone numbers that get a copy',
				check: commaList,
			}),
			mandatoryOption(
				'Whether the agent must get a confirmation before the conversation goes on',
				false,
			),
			textOption(
				'Response Message Context',
				'responseMessageContext',
				'sms.response_message_context',
				{
					default: 'I’ve just sent you a text message. Please let me know if you received it.',
					description: 'What the agent says after sending the message',
				},
			),
		]),
	],
	[
		{ path: 'sms.to.value[]', field: 'To' },
		{ path: 'sms.cc[]', field: 'CC' },
		// Not a field of the form or of the service description, but a place a service may read.
		{ path: 'sms.bcc[]', field: 'BCC' },
	],
);

import type { Operation } from '../operation';
import { bodyField, checks, commaList, required, upperCase } from '../../fields/bodyFields';
import {
	UNKNOWN_CREATION,
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	mandatoryOption,
	showFor,
} from './common';

const show = showFor('createSms');

/** Create SMS action: `type: SEND_SMS`, the message under `sms`. */
export const createSmsAction: Operation = {
	resource: 'action',
	option: {
		name: 'Create SMS',
		value: 'createSms',
		action: 'Create an SMS action',
		description: 'Create an action that sends a text message during a call',
	},
	request: createActionRequest('SEND_SMS'),
	write: {
		unknownOutcome: UNKNOWN_CREATION,
		destinations: [
			{ path: 'sms.to.value[]', field: 'To' },
			{ path: 'sms.cc[]', field: 'CC' },
			// Not a field of the form or of the service description, but a place a service may read.
			{ path: 'sms.bcc[]', field: 'BCC' },
		],
	},
	fields: [
		...actionIdentityFields,
		bodyField(
			{
				displayName: 'To',
				name: 'smsTo',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. +14155550100',
				description: 'Comma-separated recipient phone numbers',
				displayOptions: { show },
			},
			'sms.to.value',
			checks(commaList, required),
		),
		bodyField(
			{
				displayName: 'Provider',
				name: 'provider',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. TWILIO',
				description: 'Name of the SMS provider; sent in upper case',
				displayOptions: { show },
			},
			'sms.provider',
			checks(upperCase, required),
		),
		bodyField(
			{
				displayName: 'From',
				name: 'smsFrom',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. +14155550199',
				description: 'Sender phone number',
				displayOptions: { show },
			},
			'sms.from',
			required,
		),
		bodyField(
			{
				displayName: 'Body',
				name: 'smsBody',
				type: 'string',
				required: true,
				typeOptions: { rows: 3 },
				default: '',
				description: 'Message template',
				displayOptions: { show },
			},
			'sms.body.value',
			required,
		),
		actionAdditionalFields('createSms', 'smsFields', [
			bodyField(
				{
					displayName: 'CC',
					name: 'cc',
					type: 'string',
					default: '',
					description: 'Comma-separated phone numbers that get a copy',
				},
				'sms.cc',
				commaList,
			),
			mandatoryOption(
				'Whether the agent must get a confirmation before the conversation goes on',
				false,
			),
			bodyField(
				{
					displayName: 'Response Message Context',
					name: 'responseMessageContext',
					type: 'string',
					default: 'I’ve just sent you a text message. Please let me know if you received it.',
					description: 'What the agent says after sending the message',
				},
				'sms.response_message_context',
			),
		]),
	],
};

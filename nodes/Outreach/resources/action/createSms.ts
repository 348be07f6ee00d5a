import { requiredBodyField } from '../../fields/bodyFields';
import { COMMA_SEPARATED_LIST } from '../../shared/lists';
import type { Operation } from '../../fields/operationList';
import {
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	mandatoryOption,
	showFor,
} from './common';

const show = showFor('createSms');

/** Create SMS action: `type: SEND_SMS`, the message under `sms`. */
export const createSmsAction: Operation = {
	option: {
		name: 'Create SMS',
		value: 'createSms',
		action: 'Create an SMS action',
		description: 'Create an action that sends a text message during a call',
		routing: createActionRequest('SEND_SMS', [
			{ path: 'sms.to.value[]', field: 'To' },
			{ path: 'sms.cc[]', field: 'CC' },
			// Not a field of the form or of the service description, but a place a service may read.
			{ path: 'sms.bcc[]', field: 'BCC' },
		]),
	},
	fields: [
		...actionIdentityFields,
		requiredBodyField({
			displayName: 'To',
			name: 'smsTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. +14155550100',
			description: 'Comma-separated recipient phone numbers',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'sms.to.value', value: COMMA_SEPARATED_LIST } },
		}),
		requiredBodyField({
			displayName: 'Provider',
			name: 'provider',
			type: 'string',
			default: '',
			placeholder: 'e.g. TWILIO',
			description: 'Name of the SMS provider; sent in upper case',
			displayOptions: { show },
			routing: {
				send: {
					type: 'body',
					property: 'sms.provider',
					value: '={{ String($value).trim().toUpperCase() }}',
				},
			},
		}),
		requiredBodyField({
			displayName: 'From',
			name: 'smsFrom',
			type: 'string',
			default: '',
			placeholder: 'e.g. +14155550199',
			description: 'Sender phone number',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'sms.from' } },
		}),
		requiredBodyField({
			displayName: 'Body',
			name: 'smsBody',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Message template',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'sms.body.value' } },
		}),
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
				'Whether the agent must get a confirmation before the conversation goes on',
				false,
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
	],
};

import { wholeNumberBodyField } from '../../fields/bodyFields';
import { COMMA_SEPARATED_LIST } from '../../shared/lists';
import type { Operation } from '../../fields/operationList';
import {
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	integrationTypeField,
	mandatoryOption,
	showFor,
} from './common';

const show = showFor('createTelephony');

/** Create telephony-system action: `type` is the integration's name; the numbers are integer IDs. */
export const createTelephonyAction: Operation = {
	option: {
		name: 'Create Telephony-System Action',
		value: 'createTelephony',
		action: 'Create a telephony system action',
		description: 'Create an action that uses your telephony integration between two numbers',
		routing: createActionRequest(),
	},
	fields: [
		...actionIdentityFields,
		integrationTypeField,
		wholeNumberBodyField({
			displayName: 'From Number ID',
			name: 'fromNumberId',
			type: 'number',
			required: true,
			typeOptions: { numberPrecision: 0 },
			default: 0,
			description: 'ID of the source number in the telephony system',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'webhook.from' } },
		}),
		wholeNumberBodyField({
			displayName: 'To Number ID',
			name: 'toNumberId',
			type: 'number',
			required: true,
			typeOptions: { numberPrecision: 0 },
			default: 0,
			description: 'ID of the destination number in the telephony system',
			displayOptions: { show },
			routing: { send: { type: 'body', property: 'webhook.to' } },
		}),
		actionAdditionalFields('createTelephony', 'telephonyFields', [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'What the action is for',
				routing: { send: { type: 'body', property: 'description' } },
			},
			mandatoryOption(
				'Whether to wait for the telephony system’s response before the call goes on',
				false,
			),
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. sales, follow-up',
				description: 'Comma-separated call tags',
				routing: { send: { type: 'body', property: 'tags', value: COMMA_SEPARATED_LIST } },
			},
		]),
	],
};

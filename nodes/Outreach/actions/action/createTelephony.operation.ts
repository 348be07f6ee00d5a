import { bodyField, commaList, integer, textOption } from '../../fields/bodyFields';
import {
	actionAdditionalFields,
	actionCreation,
	integrationTypeField,
	mandatoryOption,
	showFor,
} from './common';

const show = showFor('createTelephony');

/** `type` is the integration's name; the numbers are integer IDs. */
export const createTelephonyAction = actionCreation(
	{
		name: 'Create Telephony-System Action',
		value: 'createTelephony',
		action: 'Create a telephony system action',
		description: 'Create an action that uses your telephony integration between two numbers',
	},
	undefined,
	[
		integrationTypeField,
		bodyField(
			{
				displayName: 'From Number ID',
				name: 'fromNumberId',
				type: 'number',
				required: true,
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description: 'ID of the source number in the telephony system',
				displayOptions: { show },
			},
			'webhook.from',
			integer,
		),
		bodyField(
			{
				displayName: 'To Number ID',
				name: 'toNumberId',
				type: 'number',
				required: true,
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description: 'ID of the destination number in the telephony system',
				displayOptions: { show },
			},
			'webhook.to',
			integer,
		),
		actionAdditionalFields('createTelephony', 'telephonyFields', [
			textOption('Description', 'description', 'description', {
				typeOptions: { rows: 2 },
				description: 'What the action is for',
			}),
			mandatoryOption(
				'Whether to wait for the telephony system’s response before the call goes on',
				false,
			),
			bodyField(
				{
					displayName: 'Tags',
					name: 'tags',
					type: 'string',
					default: '',
					placeholder: 'e.g. sales, follow-up',
					description: 'Comma-separated call tags',
				},
				'tags',
				commaList,
			),
		]),
	],
);

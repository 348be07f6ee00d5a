import { bodyField, commaList, integer, textOption } from '../../fields/bodyFields';
import {
	actionAdditionalFields,
	actionCreation,
	integrationTypeField,
	mandatoryOption,
	showFor,
} from './common';

const numberId = (displayName: string, name: string, to: string, description: string) =>
	bodyField(
		{
			displayName,
			name,
			type: 'number',
			required: true,
			typeOptions: { numberPrecision: 0 },
			default: 0,
			description,
			displayOptions: { show: showFor('createTelephony') },
		},
		to,
		integer,
	);

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
		numberId(
			'From Number ID',
			'fromNumberId',
			'webhook.from',
			'ID of the source number in the telephony system',
		),
		numberId(
			'To Number ID',
			'toNumberId',
			'webhook.to',
			'ID of the destination number in the telephony system',
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
			textOption('Tags', 'tags', 'tags', {
				placeholder: 'e.g. sales, follow-up',
				description: 'Comma-separated call tags',
				check: commaList,
			}),
		]),
	],
);

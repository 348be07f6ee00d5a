import type { INodeProperties } from 'n8n-workflow';

import { COMMA_SEPARATED_LIST } from '../../shared/constants';
import { integerBodyField } from '../../shared/routing';
import { actionAdditionalFields, mandatoryOption, showFor } from './common';

const show = showFor('createTelephony');

export const createTelephonyActionDescription: INodeProperties[] = [
	{
		displayName: 'From Number ID',
		name: 'fromNumberId',
		type: 'number',
		required: true,
		typeOptions: { numberPrecision: 0 },
		default: 0,
		description: 'ID of the source number in the telephony system',
		displayOptions: { show },
		routing: {
			send: { preSend: [integerBodyField('fromNumberId', 'From Number ID', 'webhook.from')] },
		},
	},
	{
		displayName: 'To Number ID',
		name: 'toNumberId',
		type: 'number',
		required: true,
		typeOptions: { numberPrecision: 0 },
		default: 0,
		description: 'ID of the destination number in the telephony system',
		displayOptions: { show },
		routing: { send: { preSend: [integerBodyField('toNumberId', 'To Number ID', 'webhook.to')] } },
	},
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
			false,
			'Whether to wait for the telephony system’s response before the call goes on',
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
];

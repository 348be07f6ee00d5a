import type { INodeProperties } from 'n8n-workflow';

import { requireBodyValue } from '../../shared/routing';

import { actionAdditionalFields, mandatoryOption, showFor } from './common';

const show = showFor('createStaffing');

export const createStaffingActionDescription: INodeProperties[] = [
	{
		displayName: 'Operation Type',
		name: 'webhookType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. upsert_candidate',
		description: 'What the integration does in the staffing system',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'webhook.type',
				preSend: [requireBodyValue('webhook.type', 'Operation Type')],
			},
		},
	},
	actionAdditionalFields('createStaffing', 'staffingFields', [
		mandatoryOption(
			false,
			'Whether to wait for the staffing system’s response before the call goes on',
		),
	]),
];

import type { INodeProperties } from 'n8n-workflow';

import { requireIntegrationType } from '../../shared/routing';
import { actionAdditionalFields, actionIdentityFields, mandatoryOption, showFor } from './common';

const show = showFor('createStaffing');

export const createStaffingActionDescription: INodeProperties[] = [
	...actionIdentityFields('createStaffing'),
	{
		displayName: 'Integration Type',
		name: 'integrationType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. MY_ATS',
		description: 'Upper-case system name of your staffing-system integration, as the service knows it',
		displayOptions: { show },
		routing: { send: { preSend: [requireIntegrationType('integrationType', 'Integration Type')] } },
	},
	{
		displayName: 'Operation Type',
		name: 'webhookType',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. upsert_candidate',
		description: 'What the integration does in the staffing system',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'webhook.type' } },
	},
	actionAdditionalFields('createStaffing', [
		mandatoryOption(false, 'Whether to wait for the staffing system’s response before the call goes on'),
	]),
];

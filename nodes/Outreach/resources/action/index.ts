import type { INodeProperties, INodePropertyRouting } from 'n8n-workflow';

import { ACTION_CREATE_REQUEST } from '../../shared/constants';
import { actionIdentityFields, integrationTypeField } from './common';
import { createCallTransferActionDescription } from './createCallTransfer';
import { createEmailActionDescription } from './createEmail';
import { createSmsActionDescription } from './createSms';
import { createStaffingActionDescription } from './createStaffing';
import { createTelephonyActionDescription } from './createTelephony';

/** The five creations share one request (an assumption: the seed does not give it); `type` tells them apart. */
function createRouting(type?: string): INodePropertyRouting {
	return {
		request: {
			...ACTION_CREATE_REQUEST,
			body: { action_timing: 'DURING', ...(type ? { type } : {}) },
		},
	};
}

export const actionDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['action'] } },
		options: [
			{
				name: 'Create Call Transfer',
				value: 'createCallTransfer',
				action: 'Create a call transfer action',
				description: 'Create an action that transfers the call to a phone number',
				routing: createRouting('CALL_TRANSFER'),
			},
			{
				name: 'Create Email',
				value: 'createEmail',
				action: 'Create an email action',
				description: 'Create an action that sends an email during a call',
				routing: createRouting('SEND_EMAIL'),
			},
			{
				name: 'Create SMS',
				value: 'createSms',
				action: 'Create an SMS action',
				description: 'Create an action that sends a text message during a call',
				routing: createRouting('SEND_SMS'),
			},
			{
				name: 'Create Staffing-System Action',
				value: 'createStaffing',
				action: 'Create a staffing system action',
				description:
					'Create an action that calls your staffing-system integration (e.g. upsert a candidate)',
				routing: createRouting(),
			},
			{
				name: 'Create Telephony-System Action',
				value: 'createTelephony',
				action: 'Create a telephony system action',
				description: 'Create an action that uses your telephony integration between two numbers',
				routing: createRouting(),
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many actions',
				description: 'List actions, page by page',
				routing: { request: { method: 'GET', url: '/v2/_actions' } },
			},
		],
		default: 'getAll',
	},
	...actionIdentityFields,
	integrationTypeField,
	...createEmailActionDescription,
	...createSmsActionDescription,
	...createCallTransferActionDescription,
	...createStaffingActionDescription,
	...createTelephonyActionDescription,
];

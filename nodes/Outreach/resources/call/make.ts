import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection, pathIdField } from '../../shared/descriptions';
import { requireE164 } from '../../shared/routing';

const showOnlyForMakeCall = { resource: ['call'], operation: ['make'] };

export const makeCallDescription: INodeProperties[] = [
	pathIdField({
		name: 'agentId',
		displayName: 'Agent ID',
		description: 'ID of the AI agent that handles the call',
		placeholder: 'e.g. agent_123',
		show: showOnlyForMakeCall,
		urlPrefix: '/v2/_voicecalls/',
		urlSuffix: '/makeCall',
		bodyProperty: 'agent_id',
	}),
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550100',
		description: 'Number to call, in E.164 format: a plus sign, the country code and the number',
		displayOptions: { show: showOnlyForMakeCall },
		routing: {
			send: {
				type: 'body',
				property: 'phone_number',
				preSend: [requireE164('phone_number', 'Phone Number')],
			},
		},
	},
	additionalFieldsCollection('callFields', showOnlyForMakeCall, [
		{
			displayName: 'Call Purpose',
			name: 'callPurpose',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: 'e.g. Confirm tomorrow’s appointment',
			description: 'Why the agent is calling; the agent uses it to steer the conversation',
			routing: { send: { type: 'body', property: 'call_purpose' } },
		},
		{
			displayName: 'Customer Name',
			name: 'customerName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Jane Doe',
			description: 'Name of the person being called',
			routing: { send: { type: 'body', property: 'customer_name' } },
		},
	]),
];

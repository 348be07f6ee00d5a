import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { phoneBodyField } from '../../fields/bodyFields';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { agentId } from './agentId';

const show = { resource: ['call'], operation: ['make'] };

/** POST /v2/_voicecalls/{agent_id}/makeCall — the agent ID goes in the path and, the same, in the body. */
const option: INodePropertyOptions = {
	name: 'Make',
	value: 'make',
	action: 'Make an AI voice call',
	description: 'Start an outbound voice call handled by an AI agent. It calls a real person.',
	routing: writeRouting(
		'POST',
		'/v2/_voicecalls/{agent_id}/makeCall',
		'The call may have been placed: look for a call to this number in the service before running this item again.',
		{
			pathParameters: { agent_id: { field: agentId, alsoInBody: 'agent_id' } },
			destinations: [{ path: 'phone_number', field: 'Phone Number' }],
			places: 'call',
		},
	),
};

const fields: INodeProperties[] = [
	agentId,
	phoneBodyField({
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +14155550100',
		description: 'Number to call, in E.164 format: a plus sign, the country code and the number',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'phone_number' } },
	}),
	additionalFieldsCollection('callFields', show, [
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
		{
			displayName: 'Recipient Time Zone',
			name: 'recipientTimeZone',
			type: 'string',
			default: '',
			placeholder: 'e.g. America/Chicago',
			description:
				'IANA time zone of the person called, usually an expression over the lead’s record: the Calling Hours of the Outreach API credential are then read in it. Not sent to the service.',
		},
	]),
];

export const makeCall: Operation = { option, fields };

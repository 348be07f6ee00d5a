import type { Operation } from '../operation';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { phoneNumber, requiredText, textOption } from '../../fields/bodyFields';
import { idField } from '../../fields/idField';

const show = { resource: ['call'], operation: ['make'] };

/** The agent goes in the path and, the same, in the body. */
const agentId = idField({
	name: 'agentId',
	displayName: 'Agent ID',
	description: 'ID of the AI agent that handles the call',
	placeholder: 'e.g. agent_123',
	show,
});

export const makeCall: Operation = {
	option: {
		name: 'Make',
		value: 'make',
		action: 'Make an AI voice call',
		description: 'Start an outbound voice call handled by an AI agent. It calls a real person.',
	},
	request: {
		method: 'POST',
		path: '/v2/_voicecalls/{agent_id}/makeCall',
		ids: { agent_id: { field: agentId, alsoInBody: 'agent_id' } },
	},
	write: {
		unknownOutcome:
			'The call may have been placed: look for a call to this number in the service before running this item again.',
		destinations: [{ path: 'phone_number', field: 'Phone Number' }],
		places: { what: 'call', lead: ['agent_id', 'phone_number'] },
		callingHours: { recipientZone: 'callFields.recipientTimeZone' },
	},
	fields: [
		agentId,
		requiredText('Phone Number', 'phoneNumber', 'phone_number', show, {
			placeholder: 'e.g. +14155550100',
			description: 'Number to call, in E.164 format: a plus sign, the country code and the number',
			check: phoneNumber,
		}),
		additionalFieldsCollection('callFields', show, [
			textOption('Call Purpose', 'callPurpose', 'call_purpose', {
				typeOptions: { rows: 2 },
				placeholder: 'e.g. Confirm tomorrow’s appointment',
				description: 'Why the agent is calling; the agent uses it to steer the conversation',
			}),
			textOption('Customer Name', 'customerName', 'customer_name', {
				placeholder: 'e.g. Jane Doe',
				description: 'Name of the person being called',
			}),
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
	],
};

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	dateTimeBodyField,
	jsonBodyField,
	requiredBodyField,
	wholeNumberBodyField,
} from '../../fields/bodyFields';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { customerFields } from './customers';
import { show, touchpointSettingsFields } from './touchpoint';

/**
 * POST /v2/campaign/create_with_touchpoint — a campaign with one messaging touchpoint. The body: the
 * fields below, the customers (customers.ts) and the touchpoint's settings (touchpoint.ts). Sent, as
 * every operation is, by the transport that `writeRouting` names (shared/operations.ts).
 */
const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a campaign with a messaging touchpoint',
	description:
		'Create a campaign together with one messaging touchpoint. It messages real people once scheduled.',
	routing: writeRouting(
		'POST',
		'/v2/campaign/create_with_touchpoint',
		'The campaign may have been created: look for it with Campaign → Get Many before running this item again.',
		{
			destinations: [{ path: 'touchpoint.customer_details[].to_number', field: 'Customers' }],
			places: 'campaign',
		},
	),
};

/** The form, top-down as the body: the campaign, its touchpoint, customers, schedule, messaging. */
const fields: INodeProperties[] = [
	requiredBodyField({
		displayName: 'Campaign Name',
		name: 'campaignName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Spring renewals',
		description: 'Display name of the campaign',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'name' } },
	}),
	requiredBodyField({
		displayName: 'Touchpoint Name',
		name: 'touchpointName',
		type: 'string',
		default: '',
		placeholder: 'e.g. First reminder',
		description: 'Name of the campaign’s messaging touchpoint',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'touchpoint.name' } },
	}),
	dateTimeBodyField({
		displayName: 'Start At',
		name: 'startAt',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When the touchpoint is scheduled to start; sent as ISO 8601 (a time without an offset is read in the workflow’s time zone)',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'touchpoint.start_at' } },
	}),
	wholeNumberBodyField({
		displayName: 'Assistant ID',
		name: 'assistantId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 42',
		description: 'ID of the assistant that runs the touchpoint (a whole number)',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'touchpoint.assistant_id' } },
	}),
	requiredBodyField({
		displayName: 'Touchpoint Type',
		name: 'touchpointType',
		type: 'string',
		default: 'MESSAGING',
		description: 'Type of the touchpoint; the service’s example is MESSAGING',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'touchpoint.type' } },
	}),
	requiredBodyField({
		displayName: 'Touchpoint Status',
		name: 'touchpointStatus',
		type: 'string',
		default: 'scheduled',
		description: 'Status the touchpoint starts in; the service’s example is scheduled',
		displayOptions: { show },
		routing: { send: { type: 'body', property: 'touchpoint.status' } },
	}),
	...customerFields,
	...touchpointSettingsFields,
	additionalFieldsCollection('campaignFields', show, [
		{
			displayName: 'Attachment URL',
			name: 'attachmentUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/brochure.pdf',
			description: 'URL of a file sent with the message',
			routing: { send: { type: 'body', property: 'touchpoint.attachment_url' } },
		},
		{
			displayName: 'Business Goal',
			name: 'businessGoal',
			type: 'string',
			default: '',
			description: 'What the campaign should achieve',
			routing: { send: { type: 'body', property: 'business_goal' } },
		},
		{
			displayName: 'Campaign Type',
			name: 'campaignType',
			type: 'string',
			default: '',
			description: 'Type of the campaign; the service’s example is None',
			routing: { send: { type: 'body', property: 'type' } },
		},
		{
			displayName: 'Company Plan ID',
			name: 'companyPlanId',
			type: 'string',
			default: '',
			routing: { send: { type: 'body', property: 'company_plan_id' } },
		},
		{
			displayName: 'Involve Consultants',
			name: 'isConsultants',
			type: 'boolean',
			default: false,
			description: 'Whether consultants are involved in executing the touchpoint',
			routing: { send: { type: 'body', property: 'touchpoint.is_consultants' } },
		},
		jsonBodyField(
			{
				displayName: 'Variables (JSON)',
				name: 'variables',
				type: 'json',
				default: '[]',
				description: 'A JSON array of variable objects for the touchpoint',
				routing: { send: { type: 'body', property: 'touchpoint.variables' } },
			},
			'array',
		),
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			routing: { send: { type: 'body', property: 'workspace_id' } },
		},
	]),
];

export const createCampaign: Operation = { option, fields };

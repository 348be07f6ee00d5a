import type { Field, Operation } from '../operation';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { bodyField, dateTime, integer, json, required } from '../../fields/bodyFields';
import { CUSTOMER_LIST, customerFields } from './customers';
import { show, touchpointSettingsFields } from './touchpoint';

/** The form, top-down as the body: the campaign, its touchpoint, customers, schedule, messaging. */
const fields: Field[] = [
	bodyField(
		{
			displayName: 'Campaign Name',
			name: 'campaignName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Spring renewals',
			description: 'Display name of the campaign',
			displayOptions: { show },
		},
		'name',
		required,
	),
	bodyField(
		{
			displayName: 'Touchpoint Name',
			name: 'touchpointName',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. First reminder',
			description: 'Name of the campaign’s messaging touchpoint',
			displayOptions: { show },
		},
		'touchpoint.name',
		required,
	),
	bodyField(
		{
			displayName: 'Start At',
			name: 'startAt',
			type: 'dateTime',
			required: true,
			default: '',
			description:
				'When the touchpoint is scheduled to start; sent as ISO 8601 (a time without an offset is read in the workflow’s time zone)',
			displayOptions: { show },
		},
		'touchpoint.start_at',
		dateTime,
	),
	bodyField(
		{
			displayName: 'Assistant ID',
			name: 'assistantId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 42',
			description: 'ID of the assistant that runs the touchpoint (a whole number)',
			displayOptions: { show },
		},
		'touchpoint.assistant_id',
		integer,
	),
	bodyField(
		{
			displayName: 'Touchpoint Type',
			name: 'touchpointType',
			type: 'string',
			required: true,
			default: 'MESSAGING',
			description: 'Type of the touchpoint; the service’s example is MESSAGING',
			displayOptions: { show },
		},
		'touchpoint.type',
		required,
	),
	bodyField(
		{
			displayName: 'Touchpoint Status',
			name: 'touchpointStatus',
			type: 'string',
			required: true,
			default: 'scheduled',
			description: 'Status the touchpoint starts in; the service’s example is scheduled',
			displayOptions: { show },
		},
		'touchpoint.status',
		required,
	),
	...customerFields,
	...touchpointSettingsFields,
	additionalFieldsCollection('campaignFields', show, [
		bodyField(
			{
				displayName: 'Attachment URL',
				name: 'attachmentUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/brochure.pdf',
				description: 'URL of a file sent with the message',
			},
			'touchpoint.attachment_url',
		),
		bodyField(
			{
				displayName: 'Business Goal',
				name: 'businessGoal',
				type: 'string',
				default: '',
				description: 'What the campaign should achieve',
			},
			'business_goal',
		),
		bodyField(
			{
				displayName: 'Campaign Type',
				name: 'campaignType',
				type: 'string',
				default: '',
				description: 'Type of the campaign; the service’s example is None',
			},
			'type',
		),
		bodyField(
			{
				displayName: 'Company Plan ID',
				name: 'companyPlanId',
				type: 'string',
				default: '',
			},
			'company_plan_id',
		),
		bodyField(
			{
				displayName: 'Involve Consultants',
				name: 'isConsultants',
				type: 'boolean',
				default: false,
				description: 'Whether consultants are involved in executing the touchpoint',
			},
			'touchpoint.is_consultants',
		),
		bodyField(
			{
				displayName: 'Variables (JSON)',
				name: 'variables',
				type: 'json',
				default: '[]',
				description: 'A JSON array of variable objects for the touchpoint',
			},
			'touchpoint.variables',
			json('array'),
		),
		bodyField(
			{
				displayName: 'Workspace ID',
				name: 'workspaceId',
				type: 'string',
				default: '',
			},
			'workspace_id',
		),
	]),
];

/**
 * POST /v2/campaign/create_with_touchpoint — a campaign with one messaging touchpoint. The body: the
 * fields above, the customers (customers.ts) and the touchpoint's settings (touchpoint.ts).
 */
export const createCampaign: Operation = {
	resource: 'campaign',
	option: {
		name: 'Create',
		value: 'create',
		action: 'Create a campaign with a messaging touchpoint',
		description:
			'Create a campaign together with one messaging touchpoint. It messages real people once scheduled.',
	},
	request: { method: 'POST', path: '/v2/campaign/create_with_touchpoint' },
	write: {
		unknownOutcome:
			'The campaign may have been created: look for it with Campaign → Get Many before running this item again.',
		destinations: [{ path: `${CUSTOMER_LIST}[].to_number`, field: 'Customers' }],
		places: { what: 'campaign', lead: ['name'], people: CUSTOMER_LIST, number: 'to_number' },
	},
	fields,
};

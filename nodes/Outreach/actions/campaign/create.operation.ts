import type { Field, Operation } from '../operation';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import {
	bodyField,
	dateTime,
	integer,
	json,
	requiredText,
	textOption,
} from '../../fields/bodyFields';
import { CUSTOMER_LIST, customerFields } from './customers';
import { show, touchpointSettingsFields } from './touchpoint';

const fields: Field[] = [
	requiredText('Campaign Name', 'campaignName', 'name', show, {
		placeholder: 'e.g. Spring renewals',
		description: 'Display name of the campaign',
	}),
	requiredText('Touchpoint Name', 'touchpointName', 'touchpoint.name', show, {
		placeholder: 'e.g. First reminder',
		description: 'Name of the campaign’s messaging touchpoint',
	}),
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
	requiredText('Assistant ID', 'assistantId', 'touchpoint.assistant_id', show, {
		placeholder: 'e.g. 42',
		description: 'ID of the assistant that runs the touchpoint (a whole number)',
		check: integer,
	}),
	requiredText('Touchpoint Type', 'touchpointType', 'touchpoint.type', show, {
		default: 'MESSAGING',
		description: 'Type of the touchpoint; the service’s example is MESSAGING',
	}),
	requiredText('Touchpoint Status', 'touchpointStatus', 'touchpoint.status', show, {
		default: 'scheduled',
		description: 'Status the touchpoint starts in; the service’s example is scheduled',
	}),
	...customerFields,
	...touchpointSettingsFields,
	additionalFieldsCollection('campaignFields', show, [
		textOption('Attachment URL', 'attachmentUrl', 'touchpoint.attachment_url', {
			placeholder: 'e.g. https://example.com/brochure.pdf',
			description: 'URL of a file sent with the message',
		}),
		textOption('Business Goal', 'businessGoal', 'business_goal', {
			description: 'What the campaign should achieve',
		}),
		textOption('Campaign Type', 'campaignType', 'type', {
			description: 'Type of the campaign; the service’s example is None',
		}),
		textOption('Company Plan ID', 'companyPlanId', 'company_plan_id'),
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
		textOption('Workspace ID', 'workspaceId', 'workspace_id'),
	]),
];

export const createCampaign: Operation = {
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

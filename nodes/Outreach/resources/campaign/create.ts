import type { INodeProperties } from 'n8n-workflow';

import { COMMA_SEPARATED_LIST, EXECUTION_DAYS } from '../../shared/constants';
import { additionalFieldsCollection } from '../../shared/descriptions';
import {
	dateTimeBodyField,
	integerBodyField,
	jsonBodyField,
	requireBodyValue,
} from '../../shared/routing';
import { sendCustomerRows, sendEmptyAdditionalSettings } from './touchpoint';

const show = { resource: ['campaign'], operation: ['create'] };
const messagingParamsDefault = '{\n  "is_static": true,\n  "params": []\n}';

function messagingParamsOption(
	displayName: string,
	name: string,
	bodyKey: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'json',
		default: messagingParamsDefault,
		description: `JSON object with "is_static" (boolean) and "params" (array of objects), sent as messaging_data.${bodyKey}`,
		routing: {
			send: {
				preSend: [
					jsonBodyField(
						`messaging.${name}`,
						displayName,
						`touchpoint.messaging_data.${bodyKey}`,
						'object',
					),
				],
			},
		},
	};
}

export const createCampaignDescription: INodeProperties[] = [
	{
		displayName: 'Campaign Name',
		name: 'campaignName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Spring renewals',
		description: 'Display name of the campaign',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'name',
				preSend: [requireBodyValue('name', 'Campaign Name')],
			},
		},
	},
	{
		displayName: 'Touchpoint Name',
		name: 'touchpointName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. First reminder',
		description: 'Name of the campaign’s messaging touchpoint',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'touchpoint.name',
				preSend: [requireBodyValue('touchpoint.name', 'Touchpoint Name')],
			},
		},
	},
	{
		displayName: 'Start At',
		name: 'startAt',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'When the touchpoint is scheduled to start; sent as ISO 8601 (a time without an offset is read in the workflow’s time zone)',
		displayOptions: { show },
		routing: {
			send: { preSend: [dateTimeBodyField('startAt', 'Start At', 'touchpoint.start_at')] },
		},
	},
	{
		displayName: 'Assistant ID',
		name: 'assistantId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 42',
		description: 'ID of the assistant that runs the touchpoint (a whole number)',
		displayOptions: { show },
		routing: {
			send: {
				preSend: [integerBodyField('assistantId', 'Assistant ID', 'touchpoint.assistant_id')],
			},
		},
	},
	{
		displayName: 'Touchpoint Type',
		name: 'touchpointType',
		type: 'string',
		required: true,
		default: 'MESSAGING',
		description: 'Type of the touchpoint; the service’s example is MESSAGING',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'touchpoint.type',
				preSend: [requireBodyValue('touchpoint.type', 'Touchpoint Type')],
			},
		},
	},
	{
		displayName: 'Touchpoint Status',
		name: 'touchpointStatus',
		type: 'string',
		required: true,
		default: 'scheduled',
		description: 'Status the touchpoint starts in; the service’s example is scheduled',
		displayOptions: { show },
		routing: {
			send: {
				type: 'body',
				property: 'touchpoint.status',
				preSend: [requireBodyValue('touchpoint.status', 'Touchpoint Status')],
			},
		},
	},
	{
		displayName: 'Customers',
		name: 'customerSource',
		type: 'options',
		default: 'rows',
		description: 'Who the touchpoint messages',
		displayOptions: { show },
		options: [
			{ name: 'Enter Rows', value: 'rows', description: 'Type each customer’s ID and number' },
			{
				name: 'From JSON',
				value: 'json',
				description:
					'An array of {"ID", "to_number"} objects, e.g. mapped from input items with an expression',
			},
			{ name: 'None', value: 'none', description: 'Send no customer list' },
		],
	},
	{
		displayName: 'Customer Rows',
		name: 'customers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Customer',
		default: {},
		displayOptions: { show: { ...show, customerSource: ['rows'] } },
		options: [
			{
				displayName: 'Customer',
				name: 'customer',
				values: [
					{
						displayName: 'Customer ID',
						name: 'id',
						type: 'string',
						default: '',
						description: 'The customer’s ID',
					},
					{
						displayName: 'To Number',
						name: 'toNumber',
						type: 'string',
						default: '',
						placeholder: 'e.g. +14155550100',
						description: 'Number the message goes to',
					},
				],
			},
		],
		routing: { send: { preSend: [sendCustomerRows] } },
	},
	{
		displayName: 'Customers (JSON)',
		name: 'customersJson',
		type: 'json',
		default: '[]',
		description:
			'Array of {"ID": "…", "to_number": "…"}. To take them from all input items: {{ $input.all().map(item => ({ ID: item.JSON.ID, to_number: item.JSON.phone })) }} and turn on Execute Once in the node settings.',
		displayOptions: { show: { ...show, customerSource: ['json'] } },
		routing: {
			send: {
				preSend: [
					jsonBodyField(
						'customersJson',
						'Customers (JSON)',
						'touchpoint.customer_details',
						'array',
					),
				],
			},
		},
	},
	{
		displayName: 'Schedule Settings',
		name: 'schedule',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		description: 'The touchpoint’s additional_settings',
		displayOptions: { show },
		routing: { send: { preSend: [sendEmptyAdditionalSettings] } },
		options: [
			{
				displayName: 'Delay',
				name: 'delay',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description: 'Delay between messages, as the service counts it (unit not documented)',
				routing: { send: { type: 'body', property: 'touchpoint.additional_settings.delay' } },
			},
			{
				displayName: 'End Hour',
				name: 'endHour',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 24, numberPrecision: 0 },
				default: 17,
				description: 'Hour of the day after which nothing is sent',
				routing: { send: { type: 'body', property: 'touchpoint.additional_settings.end_hour' } },
			},
			{
				displayName: 'Execution Days',
				name: 'executionDays',
				type: 'multiOptions',
				default: [],
				description: 'Days of the week on which messages are sent',
				options: EXECUTION_DAYS.map((day) => ({
					name: day[0].toUpperCase() + day.slice(1),
					value: day,
				})),
				routing: {
					send: { type: 'body', property: 'touchpoint.additional_settings.execution_days' },
				},
			},
			{
				displayName: 'From Numbers',
				name: 'fromNumbers',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550100, +14155550101',
				description: 'Comma-separated sender numbers',
				routing: {
					send: {
						type: 'body',
						property: 'touchpoint.additional_settings.from_numbers',
						value: COMMA_SEPARATED_LIST,
					},
				},
			},
			{
				displayName: 'Ignore Suppression',
				name: 'ignoreSuppression',
				type: 'boolean',
				default: false,
				description: 'Whether to message customers even if they are on a suppression list',
				routing: {
					send: { type: 'body', property: 'touchpoint.additional_settings.ignore_suppression' },
				},
			},
			{
				displayName: 'Start Hour',
				name: 'startHour',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 24, numberPrecision: 0 },
				default: 9,
				description: 'Hour of the day from which messages are sent',
				routing: { send: { type: 'body', property: 'touchpoint.additional_settings.start_hour' } },
			},
			{
				displayName: 'Time Zone',
				name: 'timeZone',
				type: 'string',
				default: '',
				placeholder: 'e.g. America/New_York',
				description: 'Time zone of the start and end hours',
				routing: { send: { type: 'body', property: 'touchpoint.additional_settings.time_zone' } },
			},
		],
	},
	{
		displayName: 'Messaging',
		name: 'messaging',
		type: 'collection',
		placeholder: 'Add Messaging Field',
		default: {},
		description: 'The touchpoint’s messaging_data: template, language and parameters',
		displayOptions: { show },
		options: [
			messagingParamsOption('Body Params', 'bodyParams', 'body_params'),
			messagingParamsOption('Button Params', 'buttonParams', 'button_params'),
			messagingParamsOption('Header Params', 'headerParams', 'header_params'),
			{
				displayName: 'Language Code',
				name: 'languageCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. en_US',
				description: 'Language of the message template',
				routing: { send: { type: 'body', property: 'touchpoint.messaging_data.language_code' } },
			},
			{
				displayName: 'Message Body',
				name: 'messagingBody',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: 'Text of the message',
				routing: { send: { type: 'body', property: 'touchpoint.messaging_data.messaging_body' } },
			},
			{
				displayName: 'Template',
				name: 'template',
				type: 'string',
				default: '',
				description: 'Name of the approved message template',
				routing: { send: { type: 'body', property: 'touchpoint.messaging_data.template' } },
			},
		],
	},
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
		{
			displayName: 'Variables (JSON)',
			name: 'variables',
			type: 'json',
			default: '[]',
			description: 'Array of variable objects for the touchpoint',
			routing: {
				send: {
					preSend: [
						jsonBodyField(
							'campaignFields.variables',
							'Variables (JSON)',
							'touchpoint.variables',
							'array',
						),
					],
				},
			},
		},
		{
			displayName: 'Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			routing: { send: { type: 'body', property: 'workspace_id' } },
		},
	]),
];

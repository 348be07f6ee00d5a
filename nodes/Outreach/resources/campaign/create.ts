import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	checkedBodyField,
	dateTimeBodyField,
	jsonBodyField,
	requestBody,
	requiredBodyField,
	wholeNumberBodyField,
} from '../../shared/bodyFields';
import { COMMA_SEPARATED_LIST, EXECUTION_DAYS } from '../../shared/constants';
import { fieldError } from '../../shared/errors';
import { additionalFieldsCollection } from '../../shared/escapeHatch';
import { isPlainObject } from '../../shared/objectPaths';
import { writeRouting, type Operation } from '../../shared/operations';
import { preSendStep } from '../../transport/nodeRun';
import { E164_HINT, parseJson, phoneNumberProblem } from '../../shared/validators';

const show = { resource: ['campaign'], operation: ['create'] };
const showWhenCustomersFrom = (source: string) => ({ ...show, customerSource: [source] });

function touchpointOf(requestOptions: IHttpRequestOptions): IDataObject {
	const body = requestBody(requestOptions);
	if (!isPlainObject(body.touchpoint)) body.touchpoint = {};
	return body.touchpoint as IDataObject;
}

/** additional_settings is required even when the user sets none of its members. */
async function sendEmptyAdditionalSettings(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const touchpoint = touchpointOf(requestOptions);
	if (!isPlainObject(touchpoint.additional_settings)) touchpoint.additional_settings = {};
	return requestOptions;
}

/** Sends the Customer Rows as customer_details [{id, to_number}]; a row needs an ID and an E.164 number. */
async function sendCustomerRows(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const rows = this.getNodeParameter('customers.customer', []) as Array<{
		id?: string;
		toNumber?: string;
	}>;
	touchpointOf(requestOptions).customer_details = rows.map((row, index) => {
		const label = `Customer Rows (row ${index + 1})`;
		const id = String(row.id ?? '').trim();
		const toNumber = String(row.toNumber ?? '').trim();
		if (!id || !toNumber) throw fieldError(this, label, 'needs both a Customer ID and a To Number');
		const phoneProblem = phoneNumberProblem(toNumber);
		if (phoneProblem) throw fieldError(this, label, phoneProblem, E164_HINT);
		return { id, to_number: toNumber };
	});
	return requestOptions;
}

/** The keys of one customer_details entry, as the service takes them. */
const CUSTOMER_KEYS = ['id', 'to_number'];
const customerKeysText = CUSTOMER_KEYS.map((key) => `"${key}"`).join(' and ');

/** The problem with one entry of Customers (JSON), or undefined. */
function customerEntryProblem(entry: unknown, position: number): string | undefined {
	if (!isPlainObject(entry)) return `entry ${position} must be an object {"id": …, "to_number": …}`;
	const unknownKey = Object.keys(entry).find((key) => !CUSTOMER_KEYS.includes(key));
	if (unknownKey) {
		return `entry ${position} has "${unknownKey}", which the service does not take: each entry has ${customerKeysText}`;
	}
	const id = entry.id;
	if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
		return `entry ${position} needs an "id"`;
	}
	const phoneProblem = phoneNumberProblem(entry.to_number);
	return phoneProblem && `entry ${position}: "to_number" ${phoneProblem}`;
}

const customersJson = checkedBodyField(
	{
		displayName: 'Customers (JSON)',
		name: 'customersJson',
		type: 'json',
		default: '[]',
		// Built from CUSTOMER_KEYS, so the help cannot name a key the service does not take.
		description: `A JSON array of objects with the keys ${customerKeysText} (a phone number in E.164 format), usually an expression over the input`,
		hint: `From all input items, with Execute Once turned on in the node settings: {{ $input.all().map(item => ({ ${CUSTOMER_KEYS[0]}: item.json.id, ${CUSTOMER_KEYS[1]}: item.json.phone })) }}`,
		displayOptions: { show: showWhenCustomersFrom('json') },
		routing: { send: { type: 'body', property: 'touchpoint.customer_details' } },
	},
	(value) => {
		const parsed = parseJson(value);
		if ('problem' in parsed) return parsed;
		if (parsed.value === undefined || parsed.value === null) {
			return { problem: 'is empty: map at least one customer, or choose Customers → None' };
		}
		if (!Array.isArray(parsed.value)) {
			return {
				problem: 'must be a JSON array, e.g. [{"id": "cus_1", "to_number": "+14155550100"}]',
			};
		}
		if (parsed.value.length === 0) {
			return { problem: 'is empty: map at least one customer, or choose Customers → None' };
		}
		for (const [index, entry] of parsed.value.entries()) {
			const problem = customerEntryProblem(entry, index + 1);
			if (problem) return { problem, hint: E164_HINT };
		}
		return { value: parsed.value };
	},
);

function messagingParamsOption(displayName: string, name: string, bodyKey: string) {
	return jsonBodyField(
		{
			displayName,
			name,
			type: 'json',
			default: '{\n  "is_static": true,\n  "params": []\n}',
			description: `JSON object with "is_static" (true or false) and "params" (a list of objects), sent as messaging_data.${bodyKey}`,
			routing: { send: { type: 'body', property: `touchpoint.messaging_data.${bodyKey}` } },
		},
		'object',
	);
}

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
				description: `A JSON array of objects with ${customerKeysText}, e.g. mapped from input items with an expression`,
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
		displayOptions: { show: showWhenCustomersFrom('rows') },
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
						description: 'The customer’s identifier in the service',
					},
					{
						displayName: 'To Number',
						name: 'toNumber',
						type: 'string',
						default: '',
						placeholder: 'e.g. +14155550100',
						description: 'Number the message goes to, in E.164 format',
					},
				],
			},
		],
		routing: { send: { preSend: [preSendStep(sendCustomerRows)] } },
	},
	customersJson,
	{
		displayName: 'Schedule Settings',
		name: 'schedule',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		description: 'The touchpoint’s additional_settings',
		displayOptions: { show },
		routing: { send: { preSend: [preSendStep(sendEmptyAdditionalSettings)] } },
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

/** POST /v2/campaign/create_with_touchpoint — a campaign with one messaging touchpoint. */
export const createCampaign: Operation = {
	option: {
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
	},
	fields,
};

import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { jsonBodyField, requestBody } from '../../fields/bodyFields';
import { EXECUTION_DAYS } from '../../shared/constants';
import { COMMA_SEPARATED_LIST } from '../../shared/lists';
import { isPlainObject } from '../../shared/objectPaths';
import { preSendStep } from '../../transport';

/** Campaign → Create's touchpoint settings: its schedule (additional_settings) and its messaging. */

export const show = { resource: ['campaign'], operation: ['create'] };

/** The body's touchpoint object, made when it is not there yet. */
export function touchpointOf(requestOptions: IHttpRequestOptions): IDataObject {
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

export const touchpointSettingsFields: INodeProperties[] = [
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
];

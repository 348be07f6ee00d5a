import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../operation';
import { bodyField, commaList, json, textOption } from '../../fields/bodyFields';
import { EXECUTION_DAYS } from '../../shared/constants';
import { isPlainObject } from '../../shared/objectPaths';

export const show = { resource: ['campaign'], operation: ['create'] };

/** additional_settings is required even when the user sets none of its members. */
function sendEmptyAdditionalSettings(body: IDataObject): void {
	if (!isPlainObject(body.touchpoint)) body.touchpoint = {};
	const touchpoint = body.touchpoint as IDataObject;
	if (!isPlainObject(touchpoint.additional_settings)) touchpoint.additional_settings = {};
}

function messagingParamsOption(displayName: string, name: string, bodyKey: string) {
	return bodyField(
		{
			displayName,
			name,
			type: 'json',
			default: '{\n  "is_static": true,\n  "params": []\n}',
			description: `JSON object with "is_static" (true or false) and "params" (a list of objects), sent as messaging_data.${bodyKey}`,
		},
		`touchpoint.messaging_data.${bodyKey}`,
		json('object'),
	);
}

export const touchpointSettingsFields: Field[] = [
	{
		displayName: 'Schedule Settings',
		name: 'schedule',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		description: 'The touchpoint’s additional_settings',
		displayOptions: { show },
		send: { build: sendEmptyAdditionalSettings },
		options: [
			bodyField(
				{
					displayName: 'Delay',
					name: 'delay',
					type: 'number',
					typeOptions: { numberPrecision: 0 },
					default: 0,
					description: 'Delay between messages, as the service counts it (unit not documented)',
				},
				'touchpoint.additional_settings.delay',
			),
			bodyField(
				{
					displayName: 'End Hour',
					name: 'endHour',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 24, numberPrecision: 0 },
					default: 17,
					description: 'Hour of the day after which nothing is sent',
				},
				'touchpoint.additional_settings.end_hour',
			),
			bodyField(
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
				},
				'touchpoint.additional_settings.execution_days',
			),
			textOption('From Numbers', 'fromNumbers', 'touchpoint.additional_settings.from_numbers', {
				placeholder: 'e.g. +14155550100, +14155550101',
				description: 'Comma-separated sender numbers',
				check: commaList,
			}),
			bodyField(
				{
					displayName: 'Ignore Suppression',
					name: 'ignoreSuppression',
					type: 'boolean',
					default: false,
					description: 'Whether to message customers even if they are on a suppression list',
				},
				'touchpoint.additional_settings.ignore_suppression',
			),
			bodyField(
				{
					displayName: 'Start Hour',
					name: 'startHour',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 24, numberPrecision: 0 },
					default: 9,
					description: 'Hour of the day from which messages are sent',
				},
				'touchpoint.additional_settings.start_hour',
			),
			textOption('Time Zone', 'timeZone', 'touchpoint.additional_settings.time_zone', {
				placeholder: 'e.g. America/New_York',
				description: 'Time zone of the start and end hours',
			}),
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
			textOption('Language Code', 'languageCode', 'touchpoint.messaging_data.language_code', {
				placeholder: 'e.g. en_US',
				description: 'Language of the message template',
			}),
			textOption('Message Body', 'messagingBody', 'touchpoint.messaging_data.messaging_body', {
				typeOptions: { rows: 4 },
				description: 'Text of the message',
			}),
			textOption('Template', 'template', 'touchpoint.messaging_data.template', {
				description: 'Name of the approved message template',
			}),
		],
	},
];

import { requiredBodyField } from '../../fields/bodyFields';
import type { Operation } from '../../fields/operationList';
import {
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	integrationTypeField,
	mandatoryOption,
	showFor,
} from './common';

/** Create staffing-system action: `type` is the integration's name, `webhook.type` its operation. */
export const createStaffingAction: Operation = {
	option: {
		name: 'Create Staffing-System Action',
		value: 'createStaffing',
		action: 'Create a staffing system action',
		description:
			'Create an action that calls your staffing-system integration (e.g. upsert a candidate)',
		routing: createActionRequest(),
	},
	fields: [
		...actionIdentityFields,
		integrationTypeField,
		requiredBodyField({
			displayName: 'Operation Type',
			name: 'webhookType',
			type: 'string',
			default: '',
			placeholder: 'e.g. upsert_candidate',
			description: 'What the integration does in the staffing system',
			displayOptions: { show: showFor('createStaffing') },
			routing: { send: { type: 'body', property: 'webhook.type' } },
		}),
		actionAdditionalFields('createStaffing', 'staffingFields', [
			mandatoryOption(
				'Whether to wait for the staffing system’s response before the call goes on',
				false,
			),
		]),
	],
};

import type { Operation } from '../operation';
import { bodyField, required } from '../../fields/bodyFields';
import {
	UNKNOWN_CREATION,
	actionAdditionalFields,
	actionIdentityFields,
	createActionRequest,
	integrationTypeField,
	mandatoryOption,
	showFor,
} from './common';

/** Create staffing-system action: `type` is the integration's name, `webhook.type` its operation. */
export const createStaffingAction: Operation = {
	resource: 'action',
	option: {
		name: 'Create Staffing-System Action',
		value: 'createStaffing',
		action: 'Create a staffing system action',
		description:
			'Create an action that calls your staffing-system integration (e.g. upsert a candidate)',
	},
	request: createActionRequest(),
	write: {
		unknownOutcome: UNKNOWN_CREATION,
	},
	fields: [
		...actionIdentityFields,
		integrationTypeField,
		bodyField(
			{
				displayName: 'Operation Type',
				name: 'webhookType',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. upsert_candidate',
				description: 'What the integration does in the staffing system',
				displayOptions: { show: showFor('createStaffing') },
			},
			'webhook.type',
			required,
		),
		actionAdditionalFields('createStaffing', 'staffingFields', [
			mandatoryOption(
				'Whether to wait for the staffing system’s response before the call goes on',
				false,
			),
		]),
	],
};

import { requiredText } from '../../fields/bodyFields';
import {
	actionAdditionalFields,
	actionCreation,
	integrationTypeField,
	mandatoryOption,
	showFor,
} from './common';

/** `type` is the integration's name, `webhook.type` its operation. */
export const createStaffingAction = actionCreation(
	{
		name: 'Create Staffing-System Action',
		value: 'createStaffing',
		action: 'Create a staffing system action',
		description:
			'Create an action that calls your staffing-system integration (e.g. upsert a candidate)',
	},
	undefined,
	[
		integrationTypeField,
		requiredText('Operation Type', 'webhookType', 'webhook.type', showFor('createStaffing'), {
			placeholder: 'e.g. upsert_candidate',
			description: 'What the integration does in the staffing system',
		}),
		actionAdditionalFields('createStaffing', 'staffingFields', [
			mandatoryOption(
				'Whether to wait for the staffing system’s response before the call goes on',
				false,
			),
		]),
	],
);

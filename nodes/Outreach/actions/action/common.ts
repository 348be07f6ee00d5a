import type { Field, Operation } from '../operation';
import { additionalFieldsCollection } from '../../fields/additionalFields';
import { requiredText } from '../../fields/bodyFields';
import { ACTION_CREATE_REQUEST, NAMED_ACTION_TYPES } from '../../shared/constants';
import type { Destination } from '../../shared/destinations';

export const showFor = (...operation: string[]) => ({ resource: ['action'], operation });

const actionCreations = [
	'createEmail',
	'createSms',
	'createCallTransfer',
	'createStaffing',
	'createTelephony',
];

/** An action creation: Name, Description, then `fields`; `type` tells the kinds apart. */
export function actionCreation(
	option: Operation['option'],
	type: string | undefined,
	fields: Field[],
	destinations?: Destination[],
): Operation {
	return {
		option,
		request: {
			...ACTION_CREATE_REQUEST,
			body: { action_timing: 'DURING', ...(type ? { type } : {}) },
		},
		write: {
			unknownOutcome:
				'The action may have been created: look for it with Action Library → Get Many before running this item again.',
			...(destinations && { destinations }),
		},
		fields: [...actionIdentityFields, ...fields],
	};
}

/** Description is optional for telephony only. */
const describedCreations = actionCreations.filter((name) => name !== 'createTelephony');

const actionIdentityFields: Field[] = [
	requiredText('Name', 'actionName', 'name', showFor(...actionCreations), {
		description: 'Display name of the action',
	}),
	requiredText('Description', 'actionDescription', 'description', showFor(...describedCreations), {
		typeOptions: { rows: 2 },
		description: 'What the action is for; the AI agent reads it to decide when to use the action',
	}),
];

/** The integration's upper-case system name, which the service description leaves to the user. */
export const integrationTypeField = requiredText(
	'Integration Type',
	'integrationType',
	'type',
	showFor('createStaffing', 'createTelephony'),
	{
		placeholder: 'e.g. MY_ATS',
		description:
			'Upper-case system name of your staffing-system or telephony integration, as the service knows it',
		check: (value) => {
			const type = String(value ?? '')
				.trim()
				.toUpperCase();
			if (!/^[A-Z][A-Z0-9_]*$/.test(type)) {
				return {
					problem: `"${type}" is not an upper-case system name`,
					hint: 'Use letters, digits and underscores, e.g. MY_ATS.',
				};
			}
			if (NAMED_ACTION_TYPES.includes(type)) {
				return { problem: `"${type}" is a built-in action kind, not an integration name` };
			}
			return { value: type };
		},
	},
);

export function actionAdditionalFields(operation: string, name: string, options: Field[]): Field {
	return additionalFieldsCollection(name, showFor(operation), options);
}

/** webhook.mandatory: wait for the confirmation or external response before the call goes on. */
export function mandatoryOption(description: string, onByDefault: boolean): Field {
	const option: Field = {
		displayName: 'Mandatory',
		name: 'mandatory',
		type: 'boolean',
		default: false,
		description,
		send: { to: 'webhook.mandatory' },
	};
	// Email's default is on, the others' off; n8n's lint accepts only a literal boolean default.
	return onByDefault ? { ...option, default: true } : option;
}

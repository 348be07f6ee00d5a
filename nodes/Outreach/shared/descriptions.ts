import type { INodeProperties } from 'n8n-workflow';

import { unwrapEnvelope } from './routing';

/** Output options of every operation that returns one record (all but the lists). */
export const outputOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { hide: { operation: ['getAll'] } },
	options: [
		{
			displayName: 'Include Response Envelope',
			name: 'includeResponseEnvelope',
			type: 'boolean',
			default: false,
			description:
				'Whether to output the whole response (ctx_id, message and data) instead of only its data',
		},
	],
	routing: { output: { postReceive: [unwrapEnvelope] } },
};

/** The escape hatch offered in the Additional Fields of every create and update. */
export const additionalBodyFieldsOption: INodeProperties = {
	displayName: 'Additional Body Fields',
	name: 'additionalBodyFields',
	type: 'json',
	default: '{}',
	description:
		'JSON object merged into the request body last: adds fields the form does not offer or overrides any field. Keys may be dotted paths, e.g. {"touchpoint.additional_settings.delay": 5}.',
};

// Property: whatever a builder or an upstream node puts where the service reads numbers to dial or
// message (through the form or Additional Body Fields, in any shape), a body that reaches the service
// holds there only E.164 numbers under an allowed prefix, in the shape the service takes; and a body
// that is all of that is sent. The oracle below is written from the service description, not from the
// node's code.
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import { runOutreach } from '../../support/engine/engine';
import { json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';

const RUNS = Number(process.env.DESTINATION_PROPERTY_RUNS ?? 1_000);

const { service, credentials } = useHostile();

const ALLOWED = '+1';
const isAllowedNumber = (value: unknown) =>
	typeof value === 'string' && /^\+[1-9]\d{1,14}$/.test(value) && value.startsWith(ALLOWED);

/** Numbers as webhooks and agents hand them over: allowed, foreign, not E.164, or anything. */
const phone = fc.oneof(
	fc.constantFrom('+14155550100', '+12125550123', '+18765550123'),
	fc.constantFrom('+447700900123', '+33612345678'),
	fc.constantFrom(
		'0011447700900123',
		'1011447700900123',
		'+1 415 555 0100',
		'001 415 555 0100',
		'14155550100',
		' +14155550100',
		'',
	),
	fc.string({ maxLength: 12 }),
);
const leaf = fc.oneof(phone, fc.integer(), fc.boolean(), fc.constant(null));
/** Any JSON value built from those leaves. */
const anyShape = fc.letrec((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small' },
		leaf,
		fc.array(tie('value'), { maxLength: 3 }),
		fc.dictionary(fc.constantFrom('value', 'to_number', 'id', 'x'), tie('value'), { maxKeys: 3 }),
	),
})).value;
const numberList = fc.array(phone, { maxLength: 3 });

/** Where each operation's numbers are, each in its documented shape or in any shape at all. */
const places = {
	call: { phone_number: fc.oneof(phone, anyShape) },
	campaign: {
		'touchpoint.customer_details': fc.oneof(
			fc.array(fc.record({ id: fc.constant('cus_1'), to_number: phone }), { maxLength: 3 }),
			anyShape,
		),
	},
	sms: {
		'sms.to': fc.oneof(fc.record({ value: numberList }), anyShape),
		'sms.cc': fc.oneof(numberList, anyShape),
		'sms.bcc': fc.oneof(numberList, anyShape),
	},
} as const;

type Operation = keyof typeof places;

const patch = (operation: Operation) =>
	fc.record(places[operation] as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] });

const case_ = fc
	.constantFrom<Operation>('call', 'campaign', 'sms')
	.chain((operation) => patch(operation).map((fields) => ({ operation, fields })));

function parameters(operation: Operation, fields: Record<string, unknown>): INodeParameters {
	const additionalBodyFields = JSON.stringify(fields);
	if (operation === 'call') {
		return {
			resource: 'call',
			operation: 'make',
			agentId: 'agent-7',
			phoneNumber: '+14155550100',
			callFields: { additionalBodyFields },
		};
	}
	if (operation === 'campaign') {
		return {
			resource: 'campaign',
			operation: 'create',
			campaignName: 'Spring renewals',
			touchpointName: 'First reminder',
			startAt: '2026-12-01T09:30:00',
			assistantId: '42',
			customerSource: 'none',
			campaignFields: { additionalBodyFields },
		};
	}
	return {
		resource: 'action',
		operation: 'createSms',
		actionName: 'Text the address',
		actionDescription: 'Send our address by SMS',
		smsTo: '+14155550101',
		provider: 'twilio',
		smsFrom: '+14155550199',
		smsBody: 'We are at 1 Main St.',
		smsFields: { additionalBodyFields },
	};
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const allAllowed = (value: unknown) => Array.isArray(value) && value.every(isAllowedNumber);

/**
 * The oracle, from the service description: a body is safe when every place the service reads
 * numbers from is absent or holds allowed E.164 text in the documented shape.
 */
function safe(body: Record<string, unknown>): boolean {
	const sms = body.sms;
	const touchpoint = body.touchpoint;
	const customers = isObject(touchpoint) ? touchpoint.customer_details : undefined;
	return (
		(!('phone_number' in body) || isAllowedNumber(body.phone_number)) &&
		(customers === undefined ||
			(Array.isArray(customers) &&
				customers.every((entry) => isObject(entry) && isAllowedNumber(entry.to_number)))) &&
		(sms === undefined ||
			(isObject(sms) &&
				(!('to' in sms) ||
					(isObject(sms.to) && (!('value' in sms.to) || allAllowed(sms.to.value)))) &&
				(!('cc' in sms) || allAllowed(sms.cc)) &&
				(!('bcc' in sms) || allAllowed(sms.bcc))))
	);
}

/** The body the service would get if nothing were checked: the operation's own, the fields merged. */
function intended(operation: Operation, fields: Record<string, unknown>): Record<string, unknown> {
	const body: Record<string, unknown> =
		operation === 'call'
			? { phone_number: '+14155550100' }
			: operation === 'sms'
				? { sms: { to: { value: ['+14155550101'] } } }
				: { touchpoint: {} };
	for (const [path, value] of Object.entries(fields)) {
		const keys = path.split('.');
		let target = body;
		for (const key of keys.slice(0, -1)) {
			if (!isObject(target[key])) target[key] = {};
			target = target[key] as Record<string, unknown>;
		}
		target[keys.at(-1) as string] = value;
	}
	return body;
}

describe('property: no body carries a number the check did not see', () => {
	it(`holds for ${RUNS} generated bodies of Make Call, Campaign → Create and Create SMS`, async () => {
		service.respondWith((_request, response) =>
			json(response, 200, { ctx_id: 'c', data: { id: 'x', call_id: 'c', action_id: 'a' } }),
		);
		await fc.assert(
			fc.asyncProperty(case_, async ({ operation, fields }) => {
				service.clear();
				await runOutreach(parameters(operation, fields), {
					credentials: { ...credentials(), allowedDestinations: ALLOWED },
					continueOnFail: true,
				});
				for (const request of service.requests) {
					expect(safe(JSON.parse(request.body.toString()) as Record<string, unknown>)).toBe(true);
				}
				expect(service.requests).toHaveLength(safe(intended(operation, fields)) ? 1 : 0);
			}),
			{ numRuns: RUNS },
		);
	}, 180_000);
});

// Allowed Destinations on the credential: every number the node would have the service dial or
// message is checked before anything is sent, however it arrives; empty means any number.
import type { INodeParameters } from 'n8n-workflow';

import { runOutreach } from '../../support/engine/engine';
import { json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';

const { service, credentials } = useHostile();

/** The credential with Allowed Destinations set to `allowed`. */
const allowing = (allowed: string) => ({ ...credentials(), allowedDestinations: allowed });

beforeEach(() => {
	service.respondWith((_request, response) =>
		json(response, 200, { ctx_id: 'c', data: { id: 'x', call_id: 'call_1' }, message: 'ok' }),
	);
});

const makeCall = (phoneNumber: string) => ({
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber,
});

const createCampaign = (customers: INodeParameters): INodeParameters => ({
	resource: 'campaign',
	operation: 'create',
	campaignName: 'Spring renewals',
	touchpointName: 'First reminder',
	startAt: '2026-12-01T09:30:00',
	assistantId: '42',
	...customers,
});

const callTransfer = (transferNumber: string) => ({
	resource: 'action',
	operation: 'createCallTransfer',
	actionName: 'To sales',
	actionDescription: 'Transfer to a human',
	transferNumber,
});

const sms = (smsTo: string, cc?: string) => ({
	resource: 'action',
	operation: 'createSms',
	actionName: 'Text the address',
	actionDescription: 'Send our address by SMS',
	smsTo,
	provider: 'twilio',
	smsFrom: '+14155550199',
	smsBody: 'We are at 1 Main St.',
	...(cc ? { smsFields: { cc } } : {}),
});

const refusals: Array<[string, INodeParameters, string, string]> = [
	['Make Call', makeCall('+447700900123'), 'Phone Number', '+447700900123'],
	[
		'Make Call, from an expression',
		makeCall('={{ "+44" + "7700900123" }}'),
		'Phone Number',
		'+447700900123',
	],
	[
		'Make Call, its number replaced through Additional Body Fields',
		{
			...makeCall('+14155550100'),
			callFields: { additionalBodyFields: '{"phone_number": "+447700900123"}' },
		},
		'Phone Number',
		'+447700900123',
	],
	[
		'a campaign customer row',
		createCampaign({
			customerSource: 'rows',
			customers: {
				customer: [
					{ id: 'cus_1', toNumber: '+14155550101' },
					{ id: 'cus_2', toNumber: '+447700900123' },
				],
			},
		}),
		'Customers',
		'+447700900123',
	],
	[
		'a campaign customer in JSON',
		createCampaign({
			customerSource: 'json',
			customersJson:
				'[{"id": "cus_1", "to_number": "+14155550101"}, {"id": "cus_2", "to_number": "+33612345678"}]',
		}),
		'Customers',
		'+33612345678',
	],
	[
		'a campaign customer set through Additional Body Fields',
		createCampaign({
			customerSource: 'rows',
			customers: { customer: [{ id: 'cus_1', toNumber: '+14155550101' }] },
			campaignFields: {
				additionalBodyFields:
					'{"touchpoint.customer_details": [{"id": "cus_9", "to_number": "+33612345678"}]}',
			},
		}),
		'Customers',
		'+33612345678',
	],
	['a call transfer', callTransfer('+447700900123'), 'Phone Number', '+447700900123'],
	['an SMS recipient', sms('+14155550101, +447700900123'), 'To', '+447700900123'],
	['an SMS copy', sms('+14155550101', '+447700900123'), 'CC', '+447700900123'],
	[
		'an SMS blind copy set through Additional Body Fields',
		{
			...sms('+14155550101'),
			smsFields: { additionalBodyFields: '{"sms.bcc": ["+447700900123"]}' },
		},
		'BCC',
		'+447700900123',
	],
];

describe('Allowed Destinations', () => {
	it.each(refusals)(
		'%s outside the allowed prefixes is blocked, naming the field, the number and the prefixes; nothing is sent',
		async (_case, parameters, field, number) => {
			const { error } = await runOutreach(parameters, { credentials: allowing('+1, +1242') });
			expect(error?.message).toBe(
				`${field}: "${number}" is not an allowed destination: the Outreach API credential allows only numbers starting with +1, +1242`,
			);
			expect(error?.description).toMatch(/Nothing was sent.*will not help/);
			expect(service.requests).toHaveLength(0);
		},
	);

	it.each([
		['Make Call', makeCall('+14155550100')],
		['a call transfer', callTransfer('+14155550100')],
		['an SMS to two allowed numbers', sms('+14155550101, +12425550102')],
	])('%s inside the allowed prefixes is sent', async (_case, parameters) => {
		const { error } = await runOutreach(parameters, { credentials: allowing('+1') });
		expect(error).toBeUndefined();
		expect(service.requests).toHaveLength(1);
	});

	it('empty allows any number, as before the setting existed', async () => {
		const { error } = await runOutreach(makeCall('+447700900123'), {
			credentials: allowing(''),
		});
		expect(error).toBeUndefined();
		expect(service.requests).toHaveLength(1);
	});

	it('one blocked lead of three stops the node before any call, without Continue On Fail', async () => {
		const { error } = await runOutreach(makeCall('={{ $json.phone }}'), {
			items: ['+14155550101', '+447700900123', '+14155550103'].map((phone) => ({
				json: { phone },
			})),
			credentials: allowing('+1'),
		});
		expect(error?.message).toMatch(/^Phone Number: "\+447700900123" is not an allowed destination/);
		expect(service.requests).toHaveLength(0);
	});

	it('with Continue On Fail, the blocked lead is an error item and the others are called', async () => {
		const phones = ['+14155550101', '+447700900123', '+14155550103'];
		const { error, items } = await runOutreach(makeCall('={{ $json.phone }}'), {
			items: phones.map((phone) => ({ json: { phone } })),
			credentials: allowing('+1'),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toMatch(/not an allowed destination/);
		expect(
			service.requests.map((request) => JSON.parse(request.body.toString()).phone_number),
		).toEqual([phones[0], phones[2]]);
	});
});

describe('one form of number: strict E.164 where it is checked and where it is sent', () => {
	it.each([
		[
			'a call transfer with spaces',
			callTransfer(' +44 7700 900123 '),
			'Phone Number',
			'+44 7700 900123',
		],
		[
			'a call transfer with 00',
			callTransfer('0044 7700 900123'),
			'Phone Number',
			'0044 7700 900123',
		],
		[
			'a call transfer with 0011 (an international prefix)',
			callTransfer('0011447700900123'),
			'Phone Number',
			'0011447700900123',
		],
		['a call transfer without +', callTransfer('447700900123'), 'Phone Number', '447700900123'],
		[
			"Make Call's number replaced with 0011… through Additional Body Fields",
			{
				...makeCall('+14155550100'),
				callFields: { additionalBodyFields: '{"phone_number": "0011447700900123"}' },
			},
			'Phone Number',
			'0011447700900123',
		],
		[
			"Make Call's number replaced with 1011… through Additional Body Fields",
			{
				...makeCall('+14155550100'),
				callFields: { additionalBodyFields: '{"phone_number": "1011447700900123"}' },
			},
			'Phone Number',
			'1011447700900123',
		],
	])(
		'%s is blocked before sending, even with the number allowed',
		async (_case, parameters, field, number) => {
			// Trimmed by the form field where it has one; the number is named as it would be sent.
			for (const allowed of ['+1', '']) {
				service.clear();
				const { error } = await runOutreach(parameters, { credentials: allowing(allowed) });
				expect(error?.message).toBe(`${field}: "${number}" is not a phone number in E.164 format`);
				expect(service.requests).toHaveLength(0);
			}
		},
	);
});

describe('fail closed on shape: a place where the service reads numbers holds only the shape it takes', () => {
	const overCampaign = (details: string) =>
		createCampaign({
			customerSource: 'none',
			campaignFields: { additionalBodyFields: `{"touchpoint.customer_details": ${details}}` },
		});
	it.each([
		[
			'customers as a list of bare numbers',
			overCampaign('["+447700900123"]'),
			'Customers',
			'touchpoint.customer_details[0] is text, not an object',
		],
		[
			'customers as a map keyed by ID',
			overCampaign('{"cus_1": {"to_number": "+447700900123"}}'),
			'Customers',
			'touchpoint.customer_details is an object, not a list',
		],
		[
			'a customer without to_number',
			overCampaign('[{"id": "cus_1"}]'),
			'Customers',
			'touchpoint.customer_details[0].to_number is missing',
		],
		[
			'a customer number as a number',
			overCampaign('[{"id": "cus_1", "to_number": 447700900123}]'),
			'Customers',
			'touchpoint.customer_details[0].to_number is a number, not text',
		],
		[
			"an SMS's To as a bare string",
			{
				...sms('+14155550101'),
				smsFields: { additionalBodyFields: '{"sms.to": "+447700900123"}' },
			},
			'To',
			'sms.to is text, not an object',
		],
		[
			"an SMS's CC as a string",
			{
				...sms('+14155550101'),
				smsFields: { additionalBodyFields: '{"sms.cc": "+447700900123"}' },
			},
			'CC',
			'sms.cc is text, not a list',
		],
		[
			"Make Call's number as a list",
			{
				...makeCall('+14155550100'),
				callFields: { additionalBodyFields: '{"phone_number": ["+447700900123"]}' },
			},
			'Phone Number',
			'phone_number is a list, not text',
		],
	])(
		'%s is blocked, naming the field; nothing is sent',
		async (_case, parameters, field, problem) => {
			const { error } = await runOutreach(parameters, { credentials: allowing('+1') });
			expect(error?.message).toBe(
				`${field}: ${problem}: the service reads the numbers to dial or message at ${
					field === 'Customers'
						? 'touchpoint.customer_details[].to_number'
						: field === 'To'
							? 'sms.to.value[]'
							: field === 'CC'
								? 'sms.cc[]'
								: 'phone_number'
				}, and this node sends nothing there that it cannot check`,
			);
			expect(service.requests).toHaveLength(0);
		},
	);
});

describe('what is checked is what is sent', () => {
	it('a toJSON in Additional Body Fields that would swap the number after the check is blocked; nothing is sent', async () => {
		const { error } = await runOutreach(
			{
				...makeCall('+14155550100'),
				callFields: {
					additionalBodyFields:
						'={{ { toJSON: () => ({ phone_number: "+447700900123", agent_id: "agent-7" }) } }}',
				},
			},
			{ credentials: allowing('+1') },
		);
		expect(error?.message).toBe('Request body: toJSON is a function, which JSON cannot carry');
		expect(service.requests).toHaveLength(0);
	});

	it.each([
		[
			'a campaign touchpoint',
			createCampaign({
				customerSource: 'none',
				campaignFields: {
					additionalBodyFields:
						'={{ { touchpoint: { toJSON: () => ({ customer_details: [{ id: "c", to_number: "+447700900123" }] }) } } }}',
				},
			}),
			'touchpoint.toJSON',
		],
		[
			"an SMS's To",
			{
				...sms('+14155550101'),
				smsFields: {
					additionalBodyFields:
						'={{ { "sms.to": { value: ["+14155550101"], toJSON: () => ({ value: ["+447700900123"] }) } } }}',
				},
			},
			'sms.to.toJSON',
		],
		[
			'a call transfer body',
			{
				...callTransfer('+14155550100'),
				transferFields: {
					additionalBodyFields: '={{ { toJSON: () => ({ phone_number: "+447700900123" }) } }}',
				},
			},
			'toJSON',
		],
		[
			'a stateful toJSON on the number itself',
			{
				...makeCall('+14155550100'),
				callFields: {
					additionalBodyFields:
						'={{ (() => { let calls = 0; return { phone_number: { toJSON: () => (calls++ ? "+447700900123" : "+14155550100") } }; })() }}',
				},
			},
			'phone_number.toJSON',
		],
	])('so is one on %s', async (_case, parameters, path) => {
		const { error } = await runOutreach(parameters, { credentials: allowing('+1') });
		expect(error?.message).toBe(`Request body: ${path} is a function, which JSON cannot carry`);
		expect(service.requests).toHaveLength(0);
	});
});

describe('guardrail settings fail closed', () => {
	it.each([' , ', ',', ';', '\n', '   ', '+1, +44,', '+1 242', 'UK'])(
		'Allowed Destinations %j blocks every call, naming the credential field',
		async (allowed) => {
			const { error } = await runOutreach(makeCall('+14155550100'), {
				credentials: allowing(allowed),
			});
			expect(error?.message).toMatch(/^Allowed Destinations \(Outreach API credential\): /);
			expect(service.requests).toHaveLength(0);
		},
	);

	it.each(['-0', '0', 0, '   ', 2.5, -3, '1e3'])(
		'Max Calls per Execution %j blocks every call, naming the credential field',
		async (cap) => {
			const { error } = await runOutreach(makeCall('+14155550100'), {
				credentials: { ...credentials(), maxCallsPerExecution: cap },
			});
			expect(error?.message).toBe(
				`Max Calls per Execution (Outreach API credential): ${JSON.stringify(cap)} is not a whole number of at least 1 (leave the field empty for no cap)`,
			);
			expect(service.requests).toHaveLength(0);
		},
	);

	it.each(['', undefined])('Max Calls per Execution %j is no cap', async (cap) => {
		const { error } = await runOutreach(makeCall('+14155550100'), {
			credentials: { ...credentials(), maxCallsPerExecution: cap as string },
		});
		expect(error).toBeUndefined();
		expect(service.requests).toHaveLength(1);
	});
});

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
	[
		'a call transfer with spaces',
		callTransfer(' +44 7700 900123 '),
		'Phone Number',
		'+44 7700 900123',
	],
	['a call transfer with 00', callTransfer('0044 7700 900123'), 'Phone Number', '0044 7700 900123'],
	['a call transfer without +', callTransfer('447700900123'), 'Phone Number', '447700900123'],
	['an SMS recipient', sms('+14155550101, +447700900123'), 'To', '+447700900123'],
	['an SMS copy', sms('+14155550101', '+447700900123'), 'CC', '+447700900123'],
];

describe('Allowed Destinations', () => {
	it.each(refusals)(
		'%s outside the allowed prefixes is refused, naming the field, the number and the prefixes; nothing is sent',
		async (_case, parameters, field, number) => {
			const { error } = await runOutreach(parameters, { credentials: allowing('+1, +1 242') });
			expect(error?.message).toBe(
				`${field}: "${number}" is not an allowed destination: the Outreach API credential allows only numbers starting with +1, +1242`,
			);
			expect(error?.description).toMatch(/Nothing was sent.*will not help/);
			expect(service.requests).toHaveLength(0);
		},
	);

	it.each([
		['Make Call', makeCall('+14155550100')],
		['a call transfer written with 00 and spaces', callTransfer('001 415 555 0100')],
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

	it('one refused lead of three stops the node before any call, without Continue On Fail', async () => {
		const { error } = await runOutreach(makeCall('={{ $json.phone }}'), {
			items: ['+14155550101', '+447700900123', '+14155550103'].map((phone) => ({
				json: { phone },
			})),
			credentials: allowing('+1'),
		});
		expect(error?.message).toMatch(/^Phone Number: "\+447700900123" is not an allowed destination/);
		expect(service.requests).toHaveLength(0);
	});

	it('with Continue On Fail, the refused lead is an error item and the others are called', async () => {
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

	it('a list that is not prefixes is an error naming the credential field, and nothing is sent', async () => {
		const { error } = await runOutreach(makeCall('+14155550100'), {
			credentials: allowing('+1, UK'),
		});
		expect(error?.message).toBe(
			'Allowed Destinations (Outreach API credential): "UK" is not a phone number prefix such as +1 or +44',
		);
		expect(service.requests).toHaveLength(0);
	});
});

// Dry Run on the credential: nothing that places a call, creates a campaign or changes data is sent;
// each such item outputs the request it would have sent — the same method, path and body the
// service gets when it is sent for real — and the guardrails block in a dry run what they would
// block for real. Reads are sent as usual.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox({ seedCustomers: 10 });

const dryRun = () => ({ ...credentials(), dryRun: true });

const pdf = Buffer.from('%PDF-1.4 dry run');
const withFile: INodeExecutionData = {
	json: {},
	binary: {
		data: { data: pdf.toString('base64'), mimeType: 'application/pdf', fileName: 'pricing.pdf' },
	},
};

/** Every operation that changes data, with what it needs. */
const writes: Array<[string, INodeParameters, INodeExecutionData[] | undefined]> = [
	[
		'Call → Make',
		{
			resource: 'call',
			operation: 'make',
			agentId: 'agent-7',
			phoneNumber: '+14155550100',
			callFields: { customerName: 'Jane Doe', callPurpose: 'Renewal' },
		},
		undefined,
	],
	[
		'Campaign → Create',
		{
			resource: 'campaign',
			operation: 'create',
			campaignName: 'Spring renewals',
			touchpointName: 'First reminder',
			startAt: '2026-12-01T09:30:00',
			assistantId: '42',
			customerSource: 'rows',
			customers: { customer: [{ id: 'cus_1', toNumber: '+14155550101' }] },
		},
		undefined,
	],
	[
		'Campaign → Delete',
		{ resource: 'campaign', operation: 'delete', campaignId: 'cmp_1' },
		undefined,
	],
	[
		'Customer → Delete',
		{ resource: 'customer', operation: 'delete', customerId: 'cus_00007' },
		undefined,
	],
	[
		'Knowledge Base → Create',
		{ resource: 'knowledgeBase', operation: 'create', knowledgeBaseName: 'Handbook' },
		undefined,
	],
	[
		'Knowledge Base → Update',
		{
			resource: 'knowledgeBase',
			operation: 'update',
			knowledgeBaseId: 'kb_support',
			updateFields: {
				name: 'Handbook v2',
				binaryProperties: 'data',
				urls: { url: [{ value: 'https://example.com/a' }] },
			},
		},
		[withFile],
	],
	[
		'Knowledge Base → Delete',
		{ resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: 'kb_support' },
		undefined,
	],
	[
		'Action Library → Create Email',
		{
			resource: 'action',
			operation: 'createEmail',
			actionName: 'Send brochure',
			actionDescription: 'Email the brochure when asked',
			to: 'ada@example.com',
			from: 'team@example.com',
			fromType: 'gmail',
			userId: 'user_1',
			subject: 'Your brochure',
			body: '<p>Here it is</p>',
		},
		undefined,
	],
	[
		'Action Library → Create SMS',
		{
			resource: 'action',
			operation: 'createSms',
			actionName: 'Text the address',
			actionDescription: 'Send our address by SMS',
			smsTo: '+14155550101',
			provider: 'twilio',
			smsFrom: '+14155550199',
			smsBody: 'We are at 1 Main St.',
		},
		undefined,
	],
	[
		'Action Library → Create Call Transfer',
		{
			resource: 'action',
			operation: 'createCallTransfer',
			actionName: 'To sales',
			actionDescription: 'Transfer to a human',
			transferNumber: '+14155550100',
		},
		undefined,
	],
	[
		'Action Library → Create Staffing-System Action',
		{
			resource: 'action',
			operation: 'createStaffing',
			actionName: 'Save candidate',
			actionDescription: 'Upsert the candidate in the ATS',
			integrationType: 'my_ats',
			webhookType: 'upsert_candidate',
		},
		undefined,
	],
	[
		'Action Library → Create Telephony-System Action',
		{
			resource: 'action',
			operation: 'createTelephony',
			actionName: 'Bridge',
			integrationType: 'MY_PBX',
			fromNumberId: 12,
			toNumberId: 34,
		},
		undefined,
	],
	[
		'Assistant → Create',
		{ resource: 'assistant', operation: 'create', assistantName: 'Appointment setter' },
		undefined,
	],
];

describe('Dry Run', () => {
	it.each(writes)(
		'%s: nothing reaches the service; the output is the request it gets when sent for real',
		async (_operation, parameters, items) => {
			const real = await runOutreach(parameters, { credentials: credentials(), items });
			const [sent] = sandbox.requests;
			expect(sent).toBeDefined();
			sandbox.clearRequests();

			const { error, items: output } = await runOutreach(parameters, {
				credentials: dryRun(),
				items,
			});

			expect(error).toBeUndefined();
			expect(sandbox.requests).toHaveLength(0);
			expect(output).toHaveLength(1);
			const { dryRun: marked, method, url, body } = output[0].json as Record<string, unknown>;
			expect(marked).toBe(true);
			expect(method).toBe(sent.method);
			expect(new URL(String(url)).pathname).toBe(sent.rawPath);
			expect(new URL(String(url)).origin).toBe(sandbox.url);
			if (sent.files.length > 0) {
				// A form: its fields, each file as its name, size and type.
				expect(body).toEqual(
					expect.arrayContaining([
						{ name: 'files', file: 'pricing.pdf', size: pdf.length, type: 'application/pdf' },
						{ name: 'name', value: 'Handbook v2' },
						{ name: 'urls', value: 'https://example.com/a' },
					]),
				);
			} else if (sent.body !== undefined && Object.keys(sent.body as object).length > 0) {
				expect(body).toEqual(sent.body);
			}
			expect(JSON.stringify(output[0].json)).not.toContain(sandbox.token);
			expect(real.error === undefined || sent.status !== undefined).toBe(true);
		},
	);

	it('reads are sent as usual: Get Many lists the customers', async () => {
		const { error, items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', limit: 3 },
			{ credentials: dryRun() },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(sandbox.requests).toHaveLength(1);
	});

	it('the guardrails block in a dry run what they would for real: destinations, the cap, identical calls', async () => {
		const makeCall = {
			resource: 'call',
			operation: 'make',
			agentId: 'agent-7',
			phoneNumber: '={{ $json.phone }}',
		};
		const { error, items } = await runOutreach(makeCall, {
			credentials: { ...dryRun(), allowedDestinations: '+1', maxCallsPerExecution: '2' },
			continueOnFail: true,
			items: ['+14155550101', '+447700900123', '+14155550101', '+14155550102', '+14155550103'].map(
				(phone) => ({ json: { phone } }),
			),
		});

		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(0);
		expect(items[0].json).toMatchObject({ dryRun: true, body: { phone_number: '+14155550101' } });
		expect(String(items[1].json.error)).toMatch(/not an allowed destination/);
		expect(items[2].json).toMatchObject({ dryRun: true, repeated: true });
		expect(items[3].json).toMatchObject({ dryRun: true, body: { phone_number: '+14155550102' } });
		expect(String(items[4].json.error)).toMatch(/Max Calls per Execution/);
	});
});

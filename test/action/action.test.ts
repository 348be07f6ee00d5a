import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

async function createAction(parameters: Record<string, unknown>) {
	const result = await runOutreach(
		{ resource: 'action', ...parameters },
		{ credentials: credentials() },
	);
	return { ...result, request: sandbox.requests.at(-1) };
}

describe('Action → Create (POST /v2/_actions, an assumption)', () => {
	it('email: sends the service description’s email body with its spellings and defaults', async () => {
		const { items, error, request } = await createAction({
			operation: 'createEmail',
			actionName: 'Send brochure',
			actionDescription: 'Email the brochure when asked',
			to: '={{ "ada@example.com, grace@example.com" }}',
			from: 'team@example.com',
			fromType: 'Gmail',
			userId: 'user_1',
			subject: 'Your brochure',
			body: '<p>Here it is</p>',
			emailFields: {
				cc: 'boss@example.com',
				bcc: 'audit@example.com',
				sendStaticContent: true,
				responseMessageContext:
					'I’ve just sent you an email. Please let me know if you received it.',
				mandatory: true,
				attachment: '{"url": "https://example.com/brochure.pdf"}',
			},
		});
		expect(error).toBeUndefined();
		expect(request).toMatchObject({ method: 'POST', rawPath: '/v2/_actions', status: 201 });
		expect(request?.body).toEqual({
			name: 'Send brochure',
			description: 'Email the brochure when asked',
			action_timing: 'DURING',
			type: 'SEND_EMAIL',
			webhook: { mandatory: true },
			email: {
				to: { value: ['ada@example.com', 'grace@example.com'] },
				from: 'team@example.com',
				from_type: 'gmail',
				user_id: 'user_1',
				cc: 'boss@example.com',
				bcc: 'audit@example.com',
				subject: { value: 'Your brochure' },
				body: { value: '<p>Here it is</p>' },
				attachment: { url: 'https://example.com/brochure.pdf' },
				send_static_contect: true,
				response_message_context:
					'I’ve just sent you an email. Please let me know if you received it.',
			},
		});
		expect(items[0].json).toEqual({
			action_id: expect.stringMatching(/^act_/),
			name: 'Send brochure',
			type: 'SEND_EMAIL',
		});
	});

	it('SMS: sends recipients and cc as lists and the provider in upper case', async () => {
		const { error, request } = await createAction({
			operation: 'createSms',
			actionName: 'Text the address',
			actionDescription: 'Send our address by SMS',
			smsTo: '+14155550101',
			provider: 'twilio',
			smsFrom: '+14155550199',
			smsBody: 'We are at 1 Main St.',
			smsFields: { cc: '+14155550102, +14155550103', mandatory: false },
		});
		expect(error).toBeUndefined();
		expect(request?.status).toBe(201);
		expect(request?.body).toEqual({
			name: 'Text the address',
			description: 'Send our address by SMS',
			action_timing: 'DURING',
			type: 'SEND_SMS',
			webhook: { mandatory: false },
			sms: {
				to: { value: ['+14155550101'] },
				provider: 'TWILIO',
				from: '+14155550199',
				cc: ['+14155550102', '+14155550103'],
				body: { value: 'We are at 1 Main St.' },
			},
		});
	});

	it('call transfer: sends phone_number, webhook.extension_enabled, speech and runBeforeCall as spelled', async () => {
		const { error, request } = await createAction({
			operation: 'createCallTransfer',
			actionName: 'To sales',
			actionDescription: 'Transfer to a human',
			transferNumber: '+14155550100',
			transferFields: { extensionEnabled: true, speech: 'One moment please', runBeforeCall: true },
		});
		expect(error).toBeUndefined();
		expect(request?.status).toBe(201);
		expect(request?.body).toEqual({
			name: 'To sales',
			description: 'Transfer to a human',
			action_timing: 'DURING',
			type: 'CALL_TRANSFER',
			phone_number: '+14155550100',
			webhook: { extension_enabled: true },
			speech: 'One moment please',
			runBeforeCall: true,
		});
	});

	it('staffing system: sends the user’s integration type in upper case and webhook.type', async () => {
		const { error, request } = await createAction({
			operation: 'createStaffing',
			actionName: 'Save candidate',
			actionDescription: 'Upsert the candidate in the ATS',
			integrationType: 'my_ats',
			webhookType: 'upsert_candidate',
			staffingFields: { mandatory: true },
		});
		expect(error).toBeUndefined();
		expect(request?.status).toBe(201);
		expect(request?.body).toEqual({
			name: 'Save candidate',
			description: 'Upsert the candidate in the ATS',
			action_timing: 'DURING',
			type: 'MY_ATS',
			webhook: { type: 'upsert_candidate', mandatory: true },
		});
	});

	it('telephony system: sends webhook.from and webhook.to as integers and tags as a list', async () => {
		const { error, request } = await createAction({
			operation: 'createTelephony',
			actionName: 'Bridge',
			integrationType: 'MY_PBX',
			fromNumberId: '={{ "12" }}',
			toNumberId: 34,
			telephonyFields: { tags: 'sales, inbound', mandatory: false },
		});
		expect(error).toBeUndefined();
		expect(request?.status).toBe(201);
		expect(request?.body).toEqual({
			name: 'Bridge',
			action_timing: 'DURING',
			type: 'MY_PBX',
			webhook: { from: 12, to: 34, mandatory: false },
			tags: ['sales', 'inbound'],
		});
	});

	describe('bad input is an error naming the field, and nothing is sent', () => {
		it.each([
			[
				{
					operation: 'createStaffing',
					actionName: 'x',
					actionDescription: 'y',
					integrationType: 'my-ats!',
					webhookType: 't',
				},
				'Integration Type: "MY-ATS!" is not an upper-case system name',
			],
			[
				{
					operation: 'createStaffing',
					actionName: 'x',
					actionDescription: 'y',
					integrationType: 'send_email',
					webhookType: 't',
				},
				'Integration Type: "SEND_EMAIL" is a built-in action kind',
			],
			[
				{
					operation: 'createTelephony',
					actionName: 'x',
					integrationType: 'PBX',
					fromNumberId: '={{ "line-1" }}',
					toNumberId: 2,
				},
				'From Number ID: "line-1" is not a whole number',
			],
			[
				{
					operation: 'createTelephony',
					actionName: 'x',
					integrationType: 'PBX',
					fromNumberId: 1,
					toNumberId: 2.5,
				},
				'To Number ID: "2.5" is not a whole number',
			],
			[
				{
					operation: 'createSms',
					actionName: 'x',
					actionDescription: 'y',
					smsTo: '={{ " , " }}',
					provider: 'T',
					smsFrom: '+1',
					smsBody: 'b',
				},
				'To: must not be empty',
			],
			[
				{
					operation: 'createEmail',
					actionName: '={{ "" }}',
					actionDescription: 'y',
					to: 'a@b.c',
					from: 'f',
					fromType: 'g',
					userId: 'u',
					subject: 's',
					body: 'b',
				},
				'Name: must not be empty',
			],
		])('%j', async (parameters, message) => {
			const { error } = await createAction(parameters);
			expect(error?.message).toContain(message);
			expect(sandbox.requests).toHaveLength(0);
		});
	});
});

describe('Action → Get Many', () => {
	it('lists the created actions', async () => {
		await createAction({
			operation: 'createCallTransfer',
			actionName: 'A',
			actionDescription: 'a',
			transferNumber: '+14155550100',
		});
		const { items } = await runOutreach(
			{ resource: 'action', operation: 'getAll', returnAll: true },
			{ credentials: credentials() },
		);
		expect(sandbox.requests.at(-1)).toMatchObject({
			method: 'GET',
			rawPath: '/v2/_actions',
			query: { page: 1, per_page: 100 },
			status: 200,
		});
		expect(items.map((item) => item.json.type)).toContain('CALL_TRANSFER');
	});
});

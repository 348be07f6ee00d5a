import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

const createCampaign = (overrides: Record<string, unknown> = {}) => ({
	resource: 'campaign',
	operation: 'create',
	campaignName: 'Spring renewals',
	touchpointName: 'First reminder',
	startAt: '2026-12-01T09:30:00',
	assistantId: '42',
	customerSource: 'rows',
	customers: {
		customer: [
			{ id: 'cus_1', toNumber: '+14155550101' },
			{ id: 'cus_2', toNumber: '+14155550102' },
		],
	},
	...overrides,
});

async function create(overrides: Record<string, unknown> = {}, timezone?: string) {
	return await runOutreach(createCampaign(overrides), { credentials: credentials(), timezone });
}

describe('Campaign → Create', () => {
	it('sends the campaign with its touchpoint as the service description describes it', async () => {
		const { items, error } = await create(
			{
				schedule: {
					executionDays: ['monday', 'wednesday'],
					startHour: 9,
					endHour: 17,
					delay: 30,
					timeZone: 'Europe/Berlin',
					ignoreSuppression: true,
					fromNumbers: '+14155550199, +14155550198',
				},
				messaging: {
					template: 'renewal_v1',
					languageCode: 'en_US',
					messagingBody: 'Hi {{1}}',
					bodyParams: '{"is_static": false, "params": [{"name": "first_name"}]}',
				},
				campaignFields: {
					campaignType: 'None',
					companyPlanId: 'plan_1',
					workspaceId: 'ws_1',
					businessGoal: 'Renew contracts',
					attachmentUrl: 'https://example.com/offer.pdf',
					isConsultants: false,
					variables: '[{"key": "discount", "value": "10%"}]',
				},
			},
			'UTC',
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		const [request] = sandbox.requests;
		expect(request).toMatchObject({
			method: 'POST',
			rawPath: '/v2/campaign/create_with_touchpoint',
			status: 200,
		});
		expect(request.contentType).toMatch(/^application\/json/);
		expect(request.body).toEqual({
			name: 'Spring renewals',
			type: 'None',
			company_plan_id: 'plan_1',
			workspace_id: 'ws_1',
			business_goal: 'Renew contracts',
			touchpoint: {
				name: 'First reminder',
				type: 'MESSAGING',
				status: 'scheduled',
				start_at: '2026-12-01T09:30:00.000Z',
				assistant_id: 42,
				is_consultants: false,
				attachment_url: 'https://example.com/offer.pdf',
				additional_settings: {
					execution_days: ['monday', 'wednesday'],
					start_hour: 9,
					end_hour: 17,
					delay: 30,
					time_zone: 'Europe/Berlin',
					ignore_suppression: true,
					from_numbers: ['+14155550199', '+14155550198'],
				},
				customer_details: [
					{ id: 'cus_1', to_number: '+14155550101' },
					{ id: 'cus_2', to_number: '+14155550102' },
				],
				messaging_data: {
					template: 'renewal_v1',
					language_code: 'en_US',
					messaging_body: 'Hi {{1}}',
					body_params: { is_static: false, params: [{ name: 'first_name' }] },
				},
				variables: [{ key: 'discount', value: '10%' }],
			},
		});
		expect(items[0].json).toEqual({
			id: expect.stringMatching(/^cmp_/),
			name: 'Spring renewals',
			status: 'scheduled',
		});
	});

	it('sends the minimum: required fields and an empty additional_settings', async () => {
		const { error } = await create({ customerSource: 'none' }, 'UTC');
		expect(error).toBeUndefined();
		expect(sandbox.requests[0].body).toEqual({
			name: 'Spring renewals',
			touchpoint: {
				name: 'First reminder',
				type: 'MESSAGING',
				status: 'scheduled',
				start_at: '2026-12-01T09:30:00.000Z',
				assistant_id: 42,
				additional_settings: {},
			},
		});
	});

	it('reads a start time without offset in the workflow time zone', async () => {
		await create({ customerSource: 'none' }, 'America/New_York');
		expect(
			(sandbox.requests[0].body as { touchpoint: { start_at: string } }).touchpoint.start_at,
		).toBe('2026-12-01T14:30:00.000Z');
	});

	it('keeps the offset of a start time that has one', async () => {
		await create(
			{ customerSource: 'none', startAt: '2026-12-01T09:30:00+02:00' },
			'America/New_York',
		);
		expect(
			(sandbox.requests[0].body as { touchpoint: { start_at: string } }).touchpoint.start_at,
		).toBe('2026-12-01T07:30:00.000Z');
	});

	it('takes customers from JSON mapped out of the input item', async () => {
		const { error } = await runOutreach(
			createCampaign({
				customerSource: 'json',
				customersJson:
					'={{ $json.contacts.map(contact => ({ id: contact.crmId, to_number: contact.mobile })) }}',
			}),
			{
				credentials: credentials(),
				items: [{ json: { contacts: [{ crmId: 'c-9', mobile: '+14155550109' }] } }],
			},
		);
		expect(error).toBeUndefined();
		expect(
			(sandbox.requests[0].body as { touchpoint: { customer_details: unknown } }).touchpoint
				.customer_details,
		).toEqual([{ id: 'c-9', to_number: '+14155550109' }]);
	});

	it('merges Additional Body Fields last, including dotted paths', async () => {
		const { error } = await create({
			customerSource: 'none',
			campaignFields: {
				additionalBodyFields:
					'{"business_goal": "From the escape hatch", "touchpoint.additional_settings.delay": 5}',
			},
		});
		expect(error).toBeUndefined();
		expect(sandbox.requests[0].body).toMatchObject({
			business_goal: 'From the escape hatch',
			touchpoint: { additional_settings: { delay: 5 } },
		});
	});

	describe('bad input is an error naming the field, and nothing is sent', () => {
		it.each([
			[
				'a non-numeric assistant ID',
				{ assistantId: 'asst-7' },
				'Assistant ID: "asst-7" is not a whole number',
			],
			[
				'a campaign name that evaluates to empty',
				{ campaignName: '={{ $json.missing }}' },
				'Campaign Name: must not be empty',
			],
			[
				'a touchpoint status that is blank',
				{ touchpointStatus: '   ' },
				'Touchpoint Status: must not be empty',
			],
			[
				'a start time that is not a date',
				{ startAt: 'next tuesday' },
				'Start At: "next tuesday" is not a date and time',
			],
			[
				'body params JSON that does not parse',
				{ messaging: { bodyParams: '{"is_static": true,' } },
				'Body Params: is not valid JSON',
			],
			[
				'body params that are not an object',
				{ messaging: { bodyParams: '[1, 2]' } },
				'Body Params: must be a JSON object',
			],
			[
				'customers JSON that is not an array',
				{ customerSource: 'json', customersJson: '{"id": "x"}' },
				'Customers (JSON): must be a JSON array',
			],
			[
				'a customer row without a number',
				{ customers: { customer: [{ id: 'cus_1', toNumber: '' }] } },
				'Customer Rows (row 1): needs both a Customer ID and a To Number',
			],
			[
				'Additional Body Fields that do not parse',
				{ campaignFields: { additionalBodyFields: '{oops}' } },
				'Additional Body Fields: is not valid JSON',
			],
			[
				'Additional Body Fields that are not an object',
				{ campaignFields: { additionalBodyFields: '"text"' } },
				'Additional Body Fields: must be a JSON object',
			],
		])('%s', async (_case, overrides, message) => {
			const { error } = await create(overrides);
			expect(error?.message).toContain(message);
			expect(sandbox.requests).toHaveLength(0);
		});

		it('a missing required field keeps n8n from starting, naming the field', async () => {
			const { error, issues } = await create({ campaignName: '' });
			expect(error?.name).toBe('WorkflowHasIssuesError');
			expect(issues?.Outreach?.parameters?.campaignName).toEqual([
				'Parameter "Campaign Name" is required.',
			]);
			expect(sandbox.requests).toHaveLength(0);
		});
	});
});

describe('Campaign → Get Many, Get, Delete', () => {
	it('lists, reads and deletes a created campaign', async () => {
		await create({ campaignName: 'Listed' });
		const created = (sandbox.store.campaigns.page(1, 100).data.at(-1) as { id: string }).id;

		const list = await runOutreach(
			{ resource: 'campaign', operation: 'getAll', returnAll: true },
			{ credentials: credentials() },
		);
		expect(list.items.map((item) => item.json.id)).toContain(created);
		expect(sandbox.requests.at(-1)).toMatchObject({
			method: 'GET',
			rawPath: '/v2/_campaigns',
			query: { page: 1, per_page: 100 },
		});

		const read = await runOutreach(
			{ resource: 'campaign', operation: 'get', campaignId: created },
			{ credentials: credentials() },
		);
		expect(sandbox.requests.at(-1)).toMatchObject({
			method: 'GET',
			rawPath: `/v2/_campaigns/${created}`,
			status: 200,
		});
		expect(read.items[0].json).toMatchObject({ id: created, name: 'Listed' });

		const removed = await runOutreach(
			{ resource: 'campaign', operation: 'delete', campaignId: created },
			{ credentials: credentials() },
		);
		expect(sandbox.requests.at(-1)).toMatchObject({
			method: 'DELETE',
			rawPath: `/v2/_campaigns/${created}`,
			status: 200,
		});
		expect(removed.items[0].json).toEqual({ id: created, deleted: true });

		const gone = await runOutreach(
			{ resource: 'campaign', operation: 'get', campaignId: created },
			{ credentials: credentials() },
		);
		expect((gone.error as { httpCode?: string }).httpCode).toBe('404');
	});

	it('encodes the campaign ID as one path segment', async () => {
		await runOutreach(
			{ resource: 'campaign', operation: 'get', campaignId: 'a/b?c' },
			{ credentials: credentials() },
		);
		expect(sandbox.requests[0].rawPath).toBe('/v2/_campaigns/a%2Fb%3Fc');
	});
});

describe('Campaign → Create: customers are checked like every phone number', () => {
	it.each([
		[
			'Customers (JSON) with the keys the old help text taught',
			{ customerSource: 'json', customersJson: '[{"ID": "cus_1", "to_number": "+14155550101"}]' },
			'Customers (JSON): entry 1 has "ID", which the service does not take: each entry has "id" and "to_number"',
		],
		[
			'an expression that evaluates to nothing',
			{ customerSource: 'json', customersJson: '={{ $json.missing }}' },
			'Customers (JSON): is empty: map at least one customer, or choose Customers → None',
		],
		[
			'the old help text’s expression (item.JSON does not exist)',
			{
				customerSource: 'json',
				customersJson:
					'={{ $input.all().map(item => ({ ID: item.JSON.ID, to_number: item.JSON.phone })) }}',
			},
			'Customers (JSON): is empty',
		],
		[
			'a JSON entry whose number is not E.164',
			{ customerSource: 'json', customersJson: '[{"id": "cus_1", "to_number": "4155550100"}]' },
			'Customers (JSON): entry 1: "to_number" "4155550100" is not a phone number in E.164 format',
		],
		[
			'a customer row whose number is not E.164',
			{ customers: { customer: [{ id: 'cus_1', toNumber: '4155550100' }] } },
			'Customer Rows (row 1): "4155550100" is not a phone number in E.164 format',
		],
	])('%s is an error naming the field, and nothing is sent', async (_case, overrides, message) => {
		const { error } = await create(overrides);
		expect(error?.message).toContain(message);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('the help text’s own expression, run on customers from Get Many, is accepted by the service', async () => {
		const { error, items } = await runOutreach(
			createCampaign({
				customerSource: 'json',
				customersJson:
					'={{ $input.all().map(item => ({ id: item.json.id, to_number: item.json.phone })) }}',
			}),
			{
				credentials: credentials(),
				items: [
					{ json: { id: 'cus_1', phone: '+14155550101' } },
					{ json: { id: 'cus_2', phone: '+14155550102' } },
				],
			},
		);
		expect(error).toBeUndefined();
		// Without Execute Once each item builds the same campaign with all customers: the second item's
		// identical request is not sent, and its output is the first answer marked as a repeat.
		expect(sandbox.requests.map((request) => request.status)).toEqual([200]);
		expect(items.map((item) => item.json.repeated)).toEqual([undefined, true]);
		expect(items[1].json.id).toBe(items[0].json.id);
		expect(
			(sandbox.requests[0].body as { touchpoint: { customer_details: unknown } }).touchpoint
				.customer_details,
		).toEqual([
			{ id: 'cus_1', to_number: '+14155550101' },
			{ id: 'cus_2', to_number: '+14155550102' },
		]);
	});
});

// Inputs that cannot be what the user meant are refused before anything is sent,
// and a request that never finishes does not keep the workflow waiting forever.
import { runOutreach } from '../../support/engine/engine';
import { json } from '../../support/hostile/server';
import { requestsWithToken, useHostile } from './useHostile';

const { service, credentials } = useHostile();

const createCampaign = (startAt: string) => ({
	resource: 'campaign',
	operation: 'create',
	campaignName: 'Spring',
	touchpointName: 'First',
	startAt,
	assistantId: '42',
	customerSource: 'none',
});

beforeEach(() => {
	service.respondWith((_request, response) =>
		json(response, 200, { ctx_id: 'c', data: { id: 'x', name: 'x', status: 's' }, message: 'ok' }),
	);
});

describe('a date and time that does not exist is rejected, not shifted to another day', () => {
	it.each([
		'2026-02-30T09:00',
		'2026-13-01T09:00',
		'2026-12-01T25:61',
		'2026-04-31',
		'2026-12-01T09:00:60',
	])('Start At %j', async (startAt) => {
		const { error } = await runOutreach(createCampaign(startAt), {
			credentials: credentials(),
			timezone: 'UTC',
		});
		expect(error?.message).toBe(`Start At: "${startAt}" is not a date and time`);
		expect(service.requests).toHaveLength(0);
	});

	it('a wall-clock time skipped by a daylight-saving change is rejected, naming the zone', async () => {
		const { error } = await runOutreach(createCampaign('2026-03-08T02:30:00'), {
			credentials: credentials(),
			timezone: 'America/New_York',
		});
		expect(error?.message).toBe(
			'Start At: "2026-03-08T02:30:00" does not exist in America/New_York (the clocks skip it)',
		);
		expect(service.requests).toHaveLength(0);
	});

	it('a real date still goes through, in the workflow time zone', async () => {
		const { error } = await runOutreach(createCampaign('2026-02-28T09:00'), {
			credentials: credentials(),
			timezone: 'Europe/Berlin',
		});
		expect(error).toBeUndefined();
		expect(JSON.parse(service.requests[0].body.toString()).touchpoint.start_at).toBe(
			'2026-02-28T08:00:00.000Z',
		);
	});
});

describe('Email → Attachment (JSON) that does not parse', () => {
	it('is an error naming the field, not silently dropped', async () => {
		const { error } = await runOutreach(
			{
				resource: 'action',
				operation: 'createEmail',
				actionName: 'Brochure',
				actionDescription: 'Send the brochure',
				to: 'a@example.com',
				from: 'b@example.com',
				fromType: 'gmail',
				userId: 'u1',
				subject: 'Hello',
				body: 'Hi',
				emailFields: { attachment: '{"files": [' },
			},
			{ credentials: credentials() },
		);
		expect(error?.message).toMatch(/^Attachment \(JSON\): is not valid JSON/);
		expect(service.requests).toHaveLength(0);
	});
});

describe('a Base URL that would send requests elsewhere, or another way, is rejected', () => {
	const deleteCustomer = { resource: 'customer', operation: 'delete', customerId: 'cus_1' };
	it.each([
		['a query', (url: string) => `${url}/?tenant=a`, 'must not have a query (?…)'],
		['a fragment', (url: string) => `${url}/#v2`, 'must not have a fragment (#…)'],
		[
			'a user name and password',
			(url: string) => url.replace('http://', 'http://user:secret@'),
			'must not carry a user name or password',
		],
		[
			'a space inside',
			(url: string) => url.replace('127.0.0.1', '127.0.0.1 '),
			'must not contain spaces or control characters',
		],
	])('a Base URL with %s', async (_case, baseUrlOf, problem) => {
		const baseUrl = baseUrlOf(service.url);
		const { error } = await runOutreach(deleteCustomer, {
			credentials: { ...credentials(), baseUrl },
		});
		expect(error?.message).toBe(`Base URL: ${problem}`);
		expect(service.requests).toHaveLength(0);
		expect(requestsWithToken(service)).toHaveLength(0);
	});
});

describe('an answer that trickles in', () => {
	it('is given up after the request timeout, with an error, instead of being waited on', async () => {
		service.respondWith((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.write('{');
			// One byte every 200 ms keeps the socket busy; the server finishes on its own after 8 s.
			const body = ' '.repeat(40) + '"ctx_id": "c", "data": {"id": "x", "deleted": true}}';
			let sent = 0;
			const drip = () => {
				if (response.destroyed) return;
				if (sent >= 40) {
					response.end(body.slice(sent));
					return;
				}
				response.write(body[sent++]);
				service.later(200, drip);
			};
			service.later(200, drip);
		});
		const started = Date.now();
		const { error, items } = await runOutreach(
			{
				resource: 'customer',
				operation: 'delete',
				customerId: 'cus_1',
				requestOptions: { timeout: 1000 },
			},
			{ credentials: credentials() },
		);
		const elapsed = Date.now() - started;
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			'The customer may have been deleted: No complete answer to DELETE /v2/_customers/cus_1 within 1 s',
		);
		expect(elapsed).toBeLessThan(4000);
	}, 20_000);
});

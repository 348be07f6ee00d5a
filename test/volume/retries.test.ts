// What is sent again and what never is: n8n's Retry On Fail re-sends only what failed, a request
// that changes data is never sent twice by the node, reads are retried, and a node that is going to
// fail sends nothing more.
import { runOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { json, listPage } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

const retryOnFail = { maxTries: 3, waitBetweenTries: 100 };

/** Requests the calling service received for each of the first `count` leads. */
function requestsPerLead(calling: CallingService, count: number): number[] {
	return Array.from({ length: count }, (_, n) => calling.received.get(leadPhone(n)) ?? 0);
}

describe("n8n's Retry On Fail", () => {
	it('re-sends only the items the service clearly refused; every other lead is called once', async () => {
		const calling = new CallingService();
		const refused = [7, 42, 93];
		for (const n of refused) calling.script(leadPhone(n), 400);
		service.respondWith(calling.responder);

		const { error, items } = await runOutreach(callEachLead, {
			items: leads(100),
			credentials: credentials(),
			retryOnFail,
		});

		expect(error?.message).toBeUndefined();
		expect(requestsPerLead(calling, 100)).toEqual(
			Array.from({ length: 100 }, (_, n) => (refused.includes(n) ? 2 : 1)),
		);
		expect(calling.calledTwice).toEqual([]);
		expect(calling.placed.size).toBe(100);
		expect(items.map((item) => item.json.call_id)).toEqual(
			Array.from({ length: 100 }, (_, n) => `call_${leadPhone(n)}_1`),
		);
	}, 60_000);

	it('never re-sends a call placed whose answer was lost (502): the node fails naming it, the others are called once', async () => {
		const calling = new CallingService();
		const lost = [7, 42, 93];
		for (const n of lost) calling.loseAnswer(leadPhone(n), 'bad gateway');
		service.respondWith(calling.responder);

		const { error } = await runOutreach(callEachLead, {
			items: leads(100),
			credentials: credentials(),
			retryOnFail,
		});

		expect(requestsPerLead(calling, 100)).toEqual(Array.from({ length: 100 }, () => 1));
		expect(calling.calledTwice).toEqual([]);
		expect(error?.message).toMatch(/^Not sent again: .* the call may have been placed$/);
		expect(error?.description).toContain(
			'Failed without a clear answer (they may have taken effect): items 8, 43 and 94.',
		);
	}, 60_000);

	it('re-sends only the item the service keeps refusing with 400, and then fails on it', async () => {
		const calling = new CallingService();
		calling.script(leadPhone(30), 400, 400, 400);
		service.respondWith(calling.responder);

		const { error } = await runOutreach(callEachLead, {
			items: leads(100),
			credentials: credentials(),
			retryOnFail,
		});

		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('400');
		expect(requestsPerLead(calling, 100)).toEqual(
			Array.from({ length: 100 }, (_, n) => (n === 30 ? 3 : 1)),
		);
		expect(calling.calledTwice).toEqual([]);
		expect(calling.placed.size).toBe(99);
	}, 60_000);
});

describe('requests that change data are never sent twice by the node', () => {
	it('a 502 on Make Call is not re-sent, and the error says the call may have been placed', async () => {
		const calling = new CallingService();
		calling.script(leadPhone(0), 502);
		service.respondWith(calling.responder);

		const { error } = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: credentials(),
		});

		expect(calling.received.get(leadPhone(0))).toBe(1);
		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('502');
		expect(`${error?.message} ${error?.description}`).toMatch(/call may have been placed/i);
	});

	it('a dropped connection on Make Call is not re-sent either', async () => {
		service.respondWith((_request, response) => {
			response.socket?.destroy();
		});

		const { error } = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: credentials(),
		});

		expect(service.requests).toHaveLength(1);
		expect(`${error?.message} ${error?.description}`).toMatch(/call may have been placed/i);
	});
});

describe('reads are retried', () => {
	it('a 502 on a Get Many page is sent again, and the list is complete', async () => {
		const customers = Array.from({ length: 150 }, (_, n) => ({ id: `cus_${n}` }));
		service.respondWith((request, response, index) => {
			if (index === 1) {
				json(response, 502, { message: 'Bad gateway' });
				return;
			}
			const page = Number(request.query.get('page'));
			const perPage = Number(request.query.get('per_page'));
			json(response, 200, listPage(customers.slice((page - 1) * perPage, page * perPage)));
		});

		const { error, items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', returnAll: true },
			{ credentials: credentials() },
		);

		expect(error?.message).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(customers.map((customer) => customer.id));
		expect(service.requests.map((request) => request.query.get('page'))).toEqual(['1', '2', '2']);
	});
});

describe('a node that is going to fail sends nothing more', () => {
	it('an invalid phone number on item 3 of 100 stops the node before any request', async () => {
		const calling = new CallingService();
		service.respondWith(calling.responder);
		const input = leads(100);
		input[3] = { json: { name: 'Bad', phone: '555-0101' } };

		const { error, items } = await runOutreach(callEachLead, {
			items: input,
			credentials: credentials(),
		});

		expect(error?.message).toMatch(/^Phone Number: "555-0101" is not a phone number in E\.164/);
		expect(items).toHaveLength(0);
		expect(service.requests).toHaveLength(0);
	});

	it('an expression that fails on item 3 of 100 stops the node before any request', async () => {
		const calling = new CallingService();
		service.respondWith(calling.responder);
		const input = leads(100).map((item) => ({ json: { contact: item.json } }));
		input[3] = { json: {} } as (typeof input)[number];

		const { error } = await runOutreach(
			{ ...callEachLead, phoneNumber: '={{ $json.contact.phone }}' },
			{ items: input, credentials: credentials() },
		);

		expect(error).toBeDefined();
		expect(service.requests).toHaveLength(0);
	});

	it('after a failed request, no further request starts, and the error counts what was sent', async () => {
		const calling = new CallingService({ serviceMs: 5 });
		calling.script(leadPhone(20), 502);
		service.respondWith(calling.responder);
		const inFlight = 10;

		const { error } = await runOutreach(
			{ ...callEachLead, options: { maxConcurrentRequests: inFlight } },
			{ items: leads(200), credentials: credentials() },
		);

		// Leads 0-20 are sent; while lead 20's answer is on its way, at most inFlight - 1 others start.
		const sent = service.requests.length;
		expect(sent).toBeGreaterThanOrEqual(21);
		expect(sent).toBeLessThanOrEqual(21 + inFlight - 1);
		const succeeded = sent - 1;
		expect(error?.description).toContain(
			`${sent} of 200 items were sent: ${succeeded} succeeded, 1 failed; ${200 - sent} were not sent`,
		);
	});
	it('two requests that fail while both are in flight fail the node once, counting both', async () => {
		const calling = new CallingService({ serviceMs: 20 });
		calling.script(leadPhone(0), 502);
		calling.script(leadPhone(1), 502);
		service.respondWith(calling.responder);

		const { error } = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: credentials(),
		});

		expect(service.requests).toHaveLength(2);
		expect(error?.description).toContain(
			'2 of 2 items were sent: 0 succeeded, 2 failed; 0 were not sent',
		);
	}, 10_000);
});

describe('with Continue On Fail', () => {
	it('every item ends as a result or an error paired with its input, in order', async () => {
		const calling = new CallingService({ concurrent: 3, serviceMs: 2 });
		calling.script(leadPhone(5), 502);
		calling.script(leadPhone(60), 400);
		service.respondWith(calling.responder);
		const input = leads(100);
		input[33] = { json: { name: 'Bad', phone: 'not a number' } };

		const { error, items } = await runOutreach(callEachLead, {
			items: input,
			credentials: credentials(),
			continueOnFail: true,
		});

		expect(error?.message).toBeUndefined();
		expect(items).toHaveLength(100);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			if ([5, 33, 60].includes(index)) expect(item.json.error).toBeDefined();
			else expect(item.json.call_id).toBe(`call_${leadPhone(index)}_1`);
		});
		expect(calling.calledTwice).toEqual([]);
		expect(calling.received.get('not a number')).toBeUndefined();
	}, 60_000);
});

describe('Max Concurrent Requests', () => {
	it('the service never sees more requests in flight than the setting', async () => {
		const calling = new CallingService({ serviceMs: 10 });
		service.respondWith(calling.responder);

		const { error } = await runOutreach(
			{ ...callEachLead, options: { maxConcurrentRequests: 3 } },
			{ items: leads(60), credentials: credentials() },
		);

		expect(error?.message).toBeUndefined();
		expect(calling.placed.size).toBe(60);
		expect(service.maxInFlight).toBe(3);
	});
});

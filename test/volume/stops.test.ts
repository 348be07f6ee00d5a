// Whatever stops the node ends its run: an invalid item, the cap, a failed request with n8n's
// Batching, and n8n's Stop (the execution's cancel signal). No item waits for ever; nothing is sent
// after. An item the node can tell is invalid or blocked stops it before anything is sent.
import type { INodeExecutionData } from 'n8n-workflow';

import { runOutreach, startOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

/**
 * n8n's Batching: two items, then a pause of 5 s, and so on. The pause must outlast the first batch's
 * answers, counted from the run's start: at 1 s, a loaded CI run sent the second batch before the
 * first one's 400 came back.
 */
const batching = { batching: { batch: { batchSize: 2, batchInterval: 5_000 } } };

let calling: CallingService;
beforeEach(() => {
	calling = new CallingService();
	service.respondWith(calling.responder);
});

describe('with Batching, a node that stops ends its run and sends nothing of the later batches', () => {
	it('an invalid phone number on item 3: nothing is sent', async () => {
		const input = leads(10);
		input[3] = { json: { phone: 'not a number' } };

		const { error } = await runOutreach(
			{ ...callEachLead, requestOptions: batching },
			{ items: input, credentials: credentials() },
		);

		expect(error?.message).toMatch(/^Phone Number: "not a number"/);
		expect(service.requests).toEqual([]);
	});

	it('the cap reached on item 3: nothing is sent', async () => {
		const { error } = await runOutreach(
			{ ...callEachLead, requestOptions: batching },
			{ items: leads(10), credentials: { ...credentials(), maxCallsPerExecution: 3 } },
		);

		expect(error?.message).toContain('Max Calls per Execution');
		expect(service.requests).toEqual([]);
	});

	it('a 400 on item 1', async () => {
		calling.script(leadPhone(1), 400);

		const { error } = await runOutreach(
			{ ...callEachLead, requestOptions: batching },
			{ items: leads(10), credentials: credentials() },
		);

		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('400');
		expect([...calling.received.keys()]).toEqual([leadPhone(0), leadPhone(1)]);
		expect(error?.description).toContain('2 of 10 items were sent: 1 succeeded, 1 failed');
	});

	it('a 404 on a read', async () => {
		service.respondWith((_request, response) => json(response, 404, { message: 'Not found' }));

		const { error } = await runOutreach(
			{
				resource: 'campaign',
				operation: 'get',
				campaignId: '={{ $json.id }}',
				requestOptions: batching,
			},
			{
				items: Array.from({ length: 10 }, (_, n) => ({ json: { id: `cmp_${n}` } })),
				credentials: credentials(),
			},
		);

		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('404');
		expect(service.requests.map((request) => request.rawPath)).toEqual([
			'/v2/_campaigns/cmp_0',
			'/v2/_campaigns/cmp_1',
		]);
	});
});

/** Resolves with `count()` once it has not changed for `quietMs`. */
async function settledCount(count: () => number, quietMs: number): Promise<number> {
	let seen = count();
	for (;;) {
		await new Promise((resolve) => setTimeout(resolve, quietMs));
		// After a stall the timer runs before the requests already waiting are read: read them first.
		for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
		if (count() === seen) return seen;
		seen = count();
	}
}

/** The message and description of an error item, as the node returns it to n8n. */
function errorText(item: INodeExecutionData): string {
	const { error } = item;
	return error ? `${error.message} ${error.description ?? ''}` : '';
}

describe("n8n's Stop", () => {
	it('items waiting on a 429 that asks for 20 s end within 1 s of Stop, and nothing is sent after it', async () => {
		service.respondWith((_request, response) => {
			response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '20' });
			response.end(JSON.stringify({ message: 'Too many requests' }));
		});
		const running = startOutreach(callEachLead, { items: leads(20), credentials: credentials() });

		// The first requests all leave at once; on a busy machine the last of them reach the service
		// later than the first 429s. Stop once none has arrived for 300 ms, so that none is counted as
		// sent after Stop that left before it.
		await service.requestsSeen(1);
		const sentBeforeStop = await settledCount(() => service.requests.length, 300);
		const stoppedAt = Date.now();
		running.stop();

		const end = await running.nodeEnded('Outreach');
		expect(end.at - stoppedAt).toBeLessThan(1_000);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(service.requests).toHaveLength(sentBeforeStop);
	});

	it('items waiting for their turn end within 1 s of Stop; only the one in flight was sent', async () => {
		// One request at a time, each answered after 5 s.
		service.respondWith((request, response) => {
			service.later(5_000, () => json(response, 200, { data: { call_id: 'late' } }));
		});
		const running = startOutreach(
			{ ...callEachLead, options: { maxConcurrentRequests: 1 } },
			{ items: leads(20), credentials: credentials(), continueOnFail: true },
		);

		await service.requestsSeen(1);
		const stoppedAt = Date.now();
		running.stop();

		const end = await running.nodeEnded('Outreach');
		expect(end.at - stoppedAt).toBeLessThan(1_000);
		await new Promise((resolve) => setTimeout(resolve, 300));
		expect(service.requests).toHaveLength(1);
		// With Continue On Fail every item ends as an error paired with it: the one in flight may have
		// placed its call; the others were never sent, and say so.
		const errors = (end.items ?? []).map(errorText);
		expect(errors).toHaveLength(20);
		expect(errors[0]).toMatch(/may have been placed/);
		for (const error of errors.slice(1)) {
			expect(error).toMatch(/^Not sent: the execution was stopped/);
			expect(error).not.toMatch(/may have been placed/);
		}
	});

	it('with Batching, the items of later batches are not sent after Stop', async () => {
		const running = startOutreach(
			{ ...callEachLead, requestOptions: batching },
			{ items: leads(10), credentials: credentials(), continueOnFail: true },
		);

		await service.requestsSeen(2);
		running.stop();
		const sentBeforeStop = service.requests.length;

		const end = await running.nodeEnded('Outreach');
		expect(service.requests).toHaveLength(sentBeforeStop);
		const notSent = (end.items ?? []).filter((item) =>
			errorText(item).startsWith('Not sent: the execution was stopped'),
		);
		expect(notSent.length).toBe(10 - sentBeforeStop);
	});
});

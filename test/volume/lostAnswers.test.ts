// n8n's Retry On Fail against a calling service that places the call and then loses the answer: a
// write whose outcome is unknown is never sent again, and an item that succeeded is never sent again
// in its execution, whatever its expressions give on the next try. Reads are read again.
import { runOutreach } from '../../support/engine/engine';
import { CallingService, type LostAnswer } from '../../support/hostile/callingService';
import { json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

const retryOnFail = { maxTries: 3, waitBetweenTries: 50 };

/** Requests the calling service received for each of the first `count` leads. */
function requestsPerLead(calling: CallingService, count: number): number[] {
	return Array.from({ length: count }, (_, n) => calling.received.get(leadPhone(n)) ?? 0);
}

const losses: LostAnswer[] = ['bad gateway', 'no answer', 'html page'];

describe.each(losses)('a call placed whose answer is lost (%s)', (loss) => {
	// The request timeout ends a request that gets no answer.
	const makeCall = { ...callEachLead, requestOptions: { timeout: 1_000 } };

	it('is not sent again by Retry On Fail: 20 leads, 2 answers lost, 20 calls', async () => {
		const calling = new CallingService();
		calling.loseAnswer(leadPhone(4), loss);
		calling.loseAnswer(leadPhone(13), loss);
		service.respondWith(calling.responder);

		const { error } = await runOutreach(makeCall, {
			items: leads(20),
			credentials: credentials(),
			retryOnFail,
		});

		expect(requestsPerLead(calling, 20)).toEqual(Array.from({ length: 20 }, () => 1));
		expect(calling.calledTwice).toEqual([]);
		expect(error?.message).toBe(
			'Not sent again: an earlier try of this item, or the execution this one retries, failed without a clear answer, so the call may have been placed',
		);
		expect(error?.description).toContain(
			'look for a call to this number in the service before running this item again',
		);
		expect(error?.description).toContain('Options → Resend After Unknown Outcome');
	}, 30_000);

	it('a second row for the same lead does not keep Retry On Fail from sending the others again', async () => {
		const calling = new CallingService();
		calling.loseAnswer(leadPhone(0), loss);
		calling.script(leadPhone(1), 400);
		service.respondWith(calling.responder);

		await runOutreach(makeCall, {
			items: [...leads(2), leads(1)[0]],
			credentials: credentials(),
			retryOnFail,
		});

		expect(calling.received.get(leadPhone(0))).toBe(1);
		expect(calling.placed.get(leadPhone(1))).toBe(1);
	}, 30_000);

	it('with Continue On Fail, is an error item saying the call may have been placed; the others are called', async () => {
		const calling = new CallingService();
		calling.loseAnswer(leadPhone(2), loss);
		service.respondWith(calling.responder);

		const { error, items } = await runOutreach(makeCall, {
			items: leads(5),
			credentials: credentials(),
			continueOnFail: true,
			retryOnFail,
		});

		expect(error).toBeUndefined();
		expect(requestsPerLead(calling, 5)).toEqual([1, 1, 1, 1, 1]);
		expect(items.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 5 }, (_, n) => ({ item: n })),
		);
		expect(String(items[2].json.error)).not.toBe('');
		expect(JSON.stringify(items[2].json)).toMatch(/call may have been placed/);
		expect(items.filter((item) => item.json.call_id).length).toBe(4);
	}, 30_000);
});

describe('an option for those who accept the risk', () => {
	it('Options → Resend After Unknown Outcome lets Retry On Fail send a call whose answer was lost again', async () => {
		const calling = new CallingService();
		calling.loseAnswer(leadPhone(1), 'bad gateway');
		service.respondWith(calling.responder);

		const { error, items } = await runOutreach(
			{ ...callEachLead, options: { resendUnknownOutcome: true } },
			{ items: leads(3), credentials: credentials(), retryOnFail },
		);

		expect(error).toBeUndefined();
		expect(requestsPerLead(calling, 3)).toEqual([1, 2, 1]);
		expect(items.map((item) => item.json.call_id)).toEqual([
			`call_${leadPhone(0)}_1`,
			`call_${leadPhone(1)}_2`,
			`call_${leadPhone(2)}_1`,
		]);
	}, 30_000);
});

describe('an item that succeeded', () => {
	it('is not sent again by Retry On Fail when its expressions give something else on the next try', async () => {
		const calling = new CallingService();
		// The service clearly refuses lead 2 once: that item, and only that one, is sent again.
		calling.script(leadPhone(2), 400);
		service.respondWith(calling.responder);

		const { error, items } = await runOutreach(
			{
				...callEachLead,
				callFields: { callPurpose: '=Follow-up {{ $now.toMillis() }} {{ Math.random() }}' },
			},
			{ items: leads(6), credentials: credentials(), retryOnFail },
		);

		expect(error).toBeUndefined();
		expect(requestsPerLead(calling, 6)).toEqual([1, 1, 2, 1, 1, 1]);
		expect(calling.calledTwice).toEqual([]);
		expect(items.map((item) => item.json.call_id)).toEqual(
			Array.from({ length: 6 }, (_, n) => `call_${leadPhone(n)}_1`),
		);
	}, 30_000);

	it('a read is read again on the next try', async () => {
		service.respondWith((request, response) => {
			if (request.rawPath.endsWith('/missing')) json(response, 404, { message: 'Not found' });
			else json(response, 200, { data: { id: request.rawPath.split('/').at(-1) } });
		});

		const { error } = await runOutreach(
			{ resource: 'campaign', operation: 'get', campaignId: '={{ $json.id }}' },
			{
				items: [{ json: { id: 'cmp_1' } }, { json: { id: 'missing' } }],
				credentials: credentials(),
				retryOnFail,
			},
		);

		expect((error as { httpCode?: string } | undefined)?.httpCode).toBe('404');
		const reads = (id: string) => service.requests.filter((r) => r.rawPath.endsWith(`/${id}`));
		expect(reads('cmp_1')).toHaveLength(retryOnFail.maxTries);
		expect(reads('missing')).toHaveLength(retryOnFail.maxTries);
	});
});

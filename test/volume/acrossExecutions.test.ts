// Exactly once across executions: n8n's Retry of a failed execution (which starts from the failed
// execution's saved data), the same event delivered twice, two executions at once, through n8n's
// engine with its deduplication store (a stand-in over memory, support/engine/deduplication.ts).
import { processedData, retryData, runOutreach, startOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { callEachLead, leadPhone, leads } from '../../support/leads';
import { useHostile } from '../hostile/useHostile';
import { anotherProcess } from './anotherProcess';

const { service, credentials } = useHostile();

let calling: CallingService;
let workflows = 0;
/** A saved workflow of its own for each test: its executions share its node's record. */
let workflowId = '';
beforeEach(() => {
	calling = new CallingService();
	service.respondWith(calling.responder);
	workflowId = `saved-workflow-${++workflows}`;
	processedData.latencyMs = 0;
	processedData.release();
});

const callsTo = (phone: string) => calling.placed.get(phone) ?? 0;

/** The next execution of the first `count` leads on `account` skips each: each was called once. */
async function nextSkipsEach(account: ReturnType<typeof credentials>, count = 1) {
	const next = await runOutreach(callEachLead, {
		items: leads(count),
		credentials: account,
		workflowId,
	});
	expect(next.items.map((item) => item.json.skipped)).toEqual(Array(count).fill(true));
	for (let lead = 0; lead < count; lead++) expect(callsTo(leadPhone(lead))).toBe(1);
}

describe("n8n's Retry of a failed execution", () => {
	it('original, again, and once the number is fixed: each of the ten leads is called once', async () => {
		const account = credentials();
		calling.script(leadPhone(9), 400, 400);
		const failed = await runOutreach(callEachLead, {
			items: leads(10),
			credentials: account,
			workflowId,
		});
		expect(failed.error?.message).toBeDefined();
		expect(failed.error?.description).toContain('9 succeeded');
		for (let lead = 0; lead < 9; lead++) expect(callsTo(leadPhone(lead))).toBe(1);

		// Retry with the original workflow: the nine are answered from the failed execution's data.
		const again = await runOutreach(callEachLead, {
			items: leads(10),
			credentials: account,
			workflowId,
			resume: retryData(failed.run!),
		});
		expect(again.error?.message).toBeDefined();
		const answered = again.run!.data.resultData.runData.Outreach.at(-1);
		expect(answered).toBeDefined();
		// Once the service takes the tenth number: a Retry of that execution calls it, and only it.
		const fixed = await runOutreach(callEachLead, {
			items: leads(10),
			credentials: account,
			workflowId,
			resume: retryData(again.run!),
		});
		expect(fixed.error).toBeUndefined();
		expect(fixed.items).toHaveLength(10);
		fixed.items.slice(0, 9).forEach((item, index) => {
			expect(item.json).toMatchObject({ call_id: `call_${leadPhone(index)}_1`, repeated: true });
			expect(item.pairedItem).toEqual({ item: index });
		});
		expect(fixed.items[9].json.call_id).toBe(`call_${leadPhone(9)}_1`);
		for (let lead = 0; lead < 10; lead++) expect(callsTo(leadPhone(lead))).toBe(1);
	});

	it.each([
		['one at a time', { options: { maxConcurrentRequests: 1 } }],
		[
			'in batches of 2',
			{ requestOptions: { batching: { batch: { batchSize: 2, batchInterval: 300 } } } },
		],
	])(
		'with Max Calls per Execution at the number of leads, sent %s, a Retry after a clear refusal calls those not sent (they were not counted)',
		async (_label, settings) => {
			const account = { ...credentials(), maxCallsPerExecution: 6 };
			const capped = { ...callEachLead, ...settings };
			calling.script(leadPhone(1), 400);
			const failed = await runOutreach(capped, {
				items: leads(6),
				credentials: account,
				workflowId,
			});
			expect(failed.error?.message).toBeDefined();
			expect(calling.placed.size).toBe(1);
			const retried = await runOutreach(capped, {
				items: leads(6),
				credentials: account,
				workflowId,
				resume: retryData(failed.run!),
			});
			expect(retried.error?.message).toBeUndefined();
			for (let lead = 0; lead < 6; lead++) expect(callsTo(leadPhone(lead))).toBe(1);
		},
	);

	it('a call whose answer was lost is not sent again by a Retry of the execution', async () => {
		const account = credentials();
		calling.loseAnswer(leadPhone(1), 'bad gateway');
		const failed = await runOutreach(callEachLead, {
			items: leads(3),
			credentials: account,
			workflowId,
		});
		expect(failed.error?.description).toContain('may have taken effect');
		const retried = await runOutreach(callEachLead, {
			items: leads(3),
			credentials: account,
			workflowId,
			resume: retryData(failed.run!),
		});
		expect(retried.error?.message).toContain('the execution this one retries');
		expect(retried.error?.description).toContain("nor n8n's Retry of the execution sends it again");
		// Nothing was sent by the Retry: it says so rather than counting the first run's requests.
		expect(retried.error?.description).toContain('0 of 3 items were sent');
		expect(retried.error?.description).toContain(
			'Not sent again, as an earlier try or the execution this one retries sent them: items 1–3.',
		);
		expect(callsTo(leadPhone(1))).toBe(1);
	});

	it.each([
		[24, 'is skipped: the lead was reached within the window', 1],
		[0, 'is sent again when Skip Leads Called Within is 0', 2],
	])(
		'with Resend After Unknown Outcome, a call whose answer was lost, on a Retry of the execution, %s hours: %s',
		async (hours, _behaviour, calls) => {
			const account = credentials();
			const resending = {
				...callEachLead,
				options: { resendUnknownOutcome: true, skipLeadsCalledWithin: hours },
			};
			calling.loseAnswer(leadPhone(0), 'bad gateway');
			const failed = await runOutreach(resending, {
				items: leads(1),
				credentials: account,
				workflowId,
			});
			expect(failed.error?.message).toContain('may have been placed');
			const retried = await runOutreach(resending, {
				items: leads(1),
				credentials: account,
				workflowId,
				resume: retryData(failed.run!),
			});
			expect(retried.error).toBeUndefined();
			expect(callsTo(leadPhone(0))).toBe(calls);
			if (calls === 1) expect(retried.items[0].json.skipped).toBe(true);
			else expect(retried.items[0].json.call_id).toBe(`call_${leadPhone(0)}_2`);
		},
	);

	it('the error of a failed run says what a Retry of the execution will and will not send', async () => {
		calling.script(leadPhone(2), 400);
		calling.loseAnswer(leadPhone(3), 'bad gateway');
		const { error } = await runOutreach(callEachLead, {
			items: leads(5),
			credentials: credentials(),
			workflowId,
			continueOnFail: false,
		});
		expect(error?.description).toContain(
			"n8n's Retry of this execution sends again only the items that failed with a clear answer or were not sent",
		);
		expect(error?.description).toContain('not those that may have taken effect');
	});
});

describe('a new execution for the same lead', () => {
	it('the same event delivered twice calls the lead once; the second says it was skipped and when', async () => {
		const account = credentials();
		const first = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		expect(first.error).toBeUndefined();
		const second = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		expect(second.error).toBeUndefined();
		expect(callsTo(leadPhone(0))).toBe(1);
		const [{ json }] = second.items;
		expect(json.skipped).toBe(true);
		const [from, to] = json.earlierCallBetween as string[];
		expect(Date.parse(from)).toBeLessThanOrEqual(Date.now());
		expect(Date.parse(to)).toBeGreaterThan(Date.parse(from));
		expect(json.notice).toContain('set Skip Leads Called Within to 0');
	});

	it('two executions at once for the same lead place one call', async () => {
		const account = credentials();
		const slow = new CallingService({ serviceMs: 200 });
		service.respondWith(slow.responder);
		const runs = Array.from({ length: 5 }, () =>
			startOutreach(callEachLead, { items: leads(3), credentials: account, workflowId }),
		);
		const results = await Promise.all(runs.map(async (run) => await run.result));
		for (const { error } of results) expect(error).toBeUndefined();
		expect(slow.calledTwice).toEqual([]);
		expect([0, 1, 2].map((lead) => slow.placed.get(leadPhone(lead)))).toEqual([1, 1, 1]);
	});

	it('a lead the service clearly refused is sent again by the next execution', async () => {
		const account = credentials();
		calling.script(leadPhone(0), 400);
		const refused = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		expect(refused.error?.message).toBeDefined();
		const next = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		expect(next.error).toBeUndefined();
		expect(callsTo(leadPhone(0))).toBe(1);
	});

	it('a lead whose call may have been placed is skipped by the next execution', async () => {
		const account = credentials();
		calling.loseAnswer(leadPhone(0), 'bad gateway');
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
		await nextSkipsEach(account);
	});

	it('a lead whose entry another n8n process wrote over while its call was under way is recorded again', async () => {
		const account = credentials();
		// A queue-mode worker's check-and-record read the record before this run's, and writes it back
		// while the call is under way: this run's entry is gone.
		const writeBack = processedData.snapshot();
		service.respondWith((request, response, index) => {
			writeBack();
			return calling.responder(request, response, index);
		});
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
		service.respondWith(calling.responder);

		await nextSkipsEach(account);
	});

	it('a lead whose entry another n8n process wrote over just after the run recorded it again is recorded once more', async () => {
		const account = credentials();
		// A queue-mode worker's check-and-record that read the record before this run's lead was in it
		// writes it back just after this run, its call answered, recorded the lead again.
		const writeBack = processedData.snapshot();
		service.respondWith((request, response, index) => {
			processedData.afterWrite = () => {
				processedData.afterWrite = undefined;
				writeBack();
			};
			return calling.responder(request, response, index);
		});
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
		service.respondWith(calling.responder);

		await nextSkipsEach(account);
	});

	it('a lead whose entry another n8n process wrote over just after the run recorded it is in the record when its call leaves', async () => {
		const account = credentials();
		// A queue-mode worker's check-and-record that read the record before this run's lead was in it
		// writes it back at once; this run's worker dies as its call reaches the service, so the record
		// is what it was then: a stalled job run again on another worker (n8n 1.x) reads it.
		const writeBack = processedData.snapshot();
		processedData.afterWrite = () => {
			processedData.afterWrite = undefined;
			writeBack();
		};
		let atSend = () => undefined as void;
		service.respondWith((request, response, index) => {
			atSend = processedData.snapshot();
			return calling.responder(request, response, index);
		});
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
		service.respondWith(calling.responder);
		atSend();

		await nextSkipsEach(account);
	});

	it('the run looks at its leads in the record while its calls are under way, not once they are answered', async () => {
		const account = credentials();
		const release = calling.hold();
		let writes = 0;
		processedData.afterWrite = () => void writes++;
		const running = startOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		// The check and the removal of what it only asked about, the look before the call leaves, then
		// a record and a look once it is under way: the answer is still held.
		while (writes < 5) await new Promise((resolve) => setTimeout(resolve, 10));
		// The look once under way is made as the call leaves: the server may not have read it yet.
		await service.requestsSeen(1);
		expect(service.requests).toHaveLength(1);
		release();
		expect((await running.result).error).toBeUndefined();
		processedData.afterWrite = undefined;

		await nextSkipsEach(account);
	});

	/**
	 * One execution in this process and one in another at once, for the leads `here` and `there`:
	 * both read the node's record (made by a first run for lead 2) before either writes it back.
	 */
	async function twoProcessesAtOnce(
		account: ReturnType<typeof credentials>,
		here: number,
		there: number,
	) {
		const elsewhere = anotherProcess();
		await runOutreach(callEachLead, { items: [leads(3)[2]], credentials: account, workflowId });
		processedData.gather(2);
		const runs = [{ lead: here }, { lead: there, nodeType: elsewhere }];
		return await Promise.all(
			runs.map(
				async ({ lead, nodeType }) =>
					await runOutreach(callEachLead, {
						items: [leads(2)[lead]],
						credentials: account,
						workflowId,
						nodeType,
					}),
			),
		);
	}

	it('two n8n processes that check the same lead at the same moment place one call: the one whose claim was written over stands down', async () => {
		const account = credentials();
		const runs = await twoProcessesAtOnce(account, 0, 0);
		expect(callsTo(leadPhone(0))).toBe(1);
		const outputs = runs.map(({ items }) => items[0].json);
		expect(outputs.filter((json) => json.skipped)).toHaveLength(1);
		expect(outputs.filter((json) => typeof json.call_id === 'string')).toHaveLength(1);

		await nextSkipsEach(account);
	});

	it('two n8n processes that check different leads at the same moment call both: the lead written over is recorded again', async () => {
		const account = credentials();
		const runs = await twoProcessesAtOnce(account, 0, 1);
		expect(runs.map(({ items }) => typeof items[0].json.call_id)).toEqual(['string', 'string']);
		expect([callsTo(leadPhone(0)), callsTo(leadPhone(1))]).toEqual([1, 1]);

		await nextSkipsEach(account, 3);
	});

	it('a lead one item of a run reached stays recorded when another item for it is refused', async () => {
		const account = credentials();
		// Two items for the same number that differ in another field: both are sent, one is refused.
		const named = { ...callEachLead, callFields: { customerName: '={{ $json.name }}' } };
		const phone = leadPhone(0);
		calling.script(phone, 409);
		const run = await runOutreach(named, {
			items: [{ json: { phone, name: 'Ann' } }, { json: { phone, name: 'Bo' } }],
			credentials: account,
			workflowId,
			continueOnFail: true,
		});
		expect(run.items.filter((item) => item.error)).toHaveLength(1);
		expect(callsTo(phone)).toBe(1);

		await nextSkipsEach(account);
	});

	it("n8n's Stop ends the look at the record before the calls leave at once: nothing is sent", async () => {
		const account = credentials();
		// A slow store makes the pause before the look long: its slowest round trip is part of it.
		processedData.latencyMs = 500;
		let stoppedAt = 0;
		const running = startOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		processedData.afterWrite = () => {
			processedData.afterWrite = undefined;
			stoppedAt = Date.now();
			running.stop();
		};
		await running.result;
		// Taking back the lead and the entries the check only asked about: two round trips of 500 ms;
		// the pause and the look would add at least 1,100 ms more.
		expect(Date.now() - stoppedAt).toBeLessThan(1_600);
		expect(callsTo(leadPhone(0))).toBe(0);
	});

	it("a node's first run, while another n8n process records its first lead, calls every lead once", async () => {
		const account = credentials();
		// Two queue-mode workers' first executions of the node at once: both find no record, and the
		// other inserts it first, so n8n refuses this run's insert.
		processedData.insertFirst('another worker’s lead');
		const first = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: account,
			workflowId,
		});
		expect(first.error).toBeUndefined();
		expect([callsTo(leadPhone(0)), callsTo(leadPhone(1))]).toEqual([1, 1]);
		await nextSkipsEach(account, 2);
	});

	it("n8n's store gone while the calls are under way: each placed call is in the output, with a warning", async () => {
		const account = credentials();
		service.respondWith((request, response, index) => {
			processedData.down = true;
			return calling.responder(request, response, index);
		});
		const run = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: account,
			workflowId,
		});
		processedData.down = false;
		expect(run.error).toBeUndefined();
		expect([callsTo(leadPhone(0)), callsTo(leadPhone(1))]).toEqual([1, 1]);
		for (const { json } of run.items) {
			expect(json.call_id).toMatch(/^call_/);
			expect(json.warning).toContain('Connection terminated unexpectedly');
		}
	});

	it('a Dry Run records nothing: the real run after it calls every lead', async () => {
		const account = credentials();
		const dry = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: { ...account, dryRun: true },
			workflowId,
		});
		expect(dry.items.map((item) => item.json.dryRun)).toEqual([true, true]);
		const real = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: account,
			workflowId,
		});
		expect(real.items.map((item) => item.json.skipped)).toEqual([undefined, undefined]);
		expect([callsTo(leadPhone(0)), callsTo(leadPhone(1))]).toEqual([1, 1]);
	});

	it('Skip Leads Called Within 0 calls it again (a builder testing with their own number)', async () => {
		const account = credentials();
		const again = { ...callEachLead, options: { skipLeadsCalledWithin: 0 } };
		await runOutreach(again, { items: leads(1), credentials: account, workflowId });
		await runOutreach(again, { items: leads(1), credentials: account, workflowId });
		expect(callsTo(leadPhone(0))).toBe(2);
	});

	it('a Skip Leads Called Within that is not a whole number stops the node, naming it, before any call', async () => {
		const { error } = await runOutreach(
			{ ...callEachLead, options: { skipLeadsCalledWithin: '-1' } },
			{ items: leads(2), credentials: credentials(), workflowId },
		);
		expect(error?.message).toContain('Skip Leads Called Within');
		expect(error?.message).toContain('"-1" is not a whole number of at least 0');
		expect(calling.placed.size).toBe(0);
	});

	it('is the same lead by service, agent and number: another agent or another workflow calls it', async () => {
		const account = credentials();
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
		await runOutreach(
			{ ...callEachLead, agentId: 'agent-8' },
			{ items: leads(1), credentials: account, workflowId },
		);
		await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId: `${workflowId}-copy`,
		});
		expect(callsTo(leadPhone(0))).toBe(3);
	});

	it('a workflow never saved calls, and each output says nothing is recorded across executions', async () => {
		const account = credentials();
		const first = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId: '',
		});
		expect(first.items[0].json.warning).toContain('the workflow has never been saved');
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId: '' });
		expect(callsTo(leadPhone(0))).toBe(2);
	});

	it('the record holds no phone number, only hashes', async () => {
		await runOutreach(callEachLead, { items: leads(1), credentials: credentials(), workflowId });
		expect(processedData.dump()).toContain('|n:tested');
		expect(processedData.dump()).not.toContain(leadPhone(0).slice(1));
	});
});

// The record of leads reached (Skip Leads Called Within) where runs meet: a campaign reached in part
// while another run is under way, Retry On Fail after a refusal, a Dry Run beside a real run, Stop
// while waiting for another execution, a record near its bound, what a skipped item says, and the
// store failing between a run's looks.
import { processedData, runOutreach, startOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { json, type HostileRequest } from '../../support/hostile/server';
import { callEachLead, leadPhone, leads } from '../../support/leads';
import { useHostile } from '../hostile/useHostile';
import { anotherProcess } from './anotherProcess';

const { service, credentials } = useHostile();

let calling: CallingService;
let workflows = 0;
let workflowId = '';
beforeEach(() => {
	calling = new CallingService();
	service.respondWith(calling.responder);
	workflowId = `record-races-${++workflows}`;
	processedData.latencyMs = 0;
	processedData.afterWrite = undefined;
	processedData.release();
});

const wait = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean) {
	while (!condition()) await wait(5);
}

const [X, Y, Z] = ['+14155551001', '+14155551002', '+14155551003'];

/** Campaign → Create named "Renewals", its customers from the item. */
const renewals = {
	resource: 'campaign',
	operation: 'create',
	campaignName: 'Renewals',
	touchpointName: 'First reminder',
	startAt: '2026-12-01T09:30:00',
	assistantId: '42',
	customerSource: 'json',
	customersJson: '={{ $json.customers }}',
};
const customers = (...numbers: string[]) => ({
	json: { customers: numbers.map((to_number, id) => ({ id: `c${id}`, to_number })) },
});

function numbersOf(request: HostileRequest): string[] {
	const body = JSON.parse(request.body.toString('utf8') || '{}') as {
		touchpoint?: { customer_details?: Array<{ to_number: string }> };
	};
	return (body.touchpoint?.customer_details ?? []).map((customer) => customer.to_number);
}
/** Campaigns created that reach `number`. */
const contacts = (number: string) =>
	service.requests.filter((request) => numbersOf(request).includes(number)).length;

/** A campaign service that holds its answer to a campaign reaching Z until released. */
function campaignService() {
	let release = () => undefined as void;
	const held = new Promise<void>((resolve) => (release = resolve));
	let campaigns = 0;
	service.respondWith(async (request, response) => {
		if (numbersOf(request).includes(Z)) await held;
		json(response, 200, {
			ctx_id: 'ctx',
			data: { id: `cmp_${++campaigns}`, name: 'Renewals', status: 'scheduled' },
		});
	});
	return { release };
}

describe('a campaign only some of whose customers were reached: its other customers', () => {
	it('are not left in the record while the run goes on: another execution for one of them reaches it', async () => {
		const account = credentials();
		const { release } = campaignService();
		await runOutreach(renewals, { items: [customers(X)], credentials: account, workflowId });
		// A run whose campaign to X and Y is not sent (X was reached), and whose campaign to Z waits.
		const run = startOutreach(renewals, {
			items: [customers(X, Y), customers(Z)],
			credentials: account,
			workflowId,
			continueOnFail: true,
		});
		await until(() => contacts(Z) === 1);
		const other = await runOutreach(renewals, {
			items: [customers(Y)],
			credentials: account,
			workflowId,
		});
		release();
		const items = (await run.result).output('Outreach');
		expect(String(items[0].json.error)).toContain('reached 1 of this campaign');
		expect(other.items[0].json.skipped).toBeUndefined();
		expect(contacts(Y)).toBe(1);
	});

	it.each(['the other process', 'this run'])(
		'checked at the same moment by another process, %s writing the record back last: it is reached once',
		async (last) => {
			const account = credentials();
			const elsewhere = anotherProcess();
			const { release } = campaignService();
			await runOutreach(renewals, { items: [customers(X)], credentials: account, workflowId });
			processedData.gather(2);
			const startRun = () =>
				startOutreach(renewals, {
					items: [customers(X, Y), customers(Z)],
					credentials: account,
					workflowId,
					continueOnFail: true,
				});
			const startOther = () =>
				startOutreach(renewals, {
					items: [customers(Y)],
					credentials: account,
					workflowId,
					nodeType: elsewhere,
				});
			// The one whose read reaches the store second writes the record back last.
			const reads = processedData.reads;
			const first = last === 'this run' ? startOther() : startRun();
			await until(() => processedData.reads > reads);
			const second = last === 'this run' ? startRun() : startOther();
			const [run, other] = last === 'this run' ? [second, first] : [first, second];
			await other.result;
			release();
			await run.result;
			expect(contacts(Y)).toBe(1);
			const next = await runOutreach(renewals, {
				items: [customers(Y)],
				credentials: account,
				workflowId,
			});
			expect(next.items[0].json.skipped).toBe(true);
			expect(contacts(Y)).toBe(1);
		},
	);
});

describe("n8n's Retry On Fail", () => {
	it('a lead the service clearly refused, which another execution called meanwhile, is not called again by the next try', async () => {
		const account = credentials();
		calling.script(leadPhone(0), 400);
		const refused = new Promise<void>((resolve) =>
			service.respondWith((request, response, index) => {
				if (index === 0) setTimeout(resolve, 300);
				return calling.responder(request, response, index);
			}),
		);
		const retrying = startOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
			retryOnFail: { maxTries: 2, waitBetweenTries: 1_500 },
		});
		await refused;
		// The same event delivered again, while the first execution waits to try again.
		const other = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		expect(other.items[0].json.call_id).toMatch(/^call_/);
		const items = (await retrying.result).output('Outreach');
		expect(items[0].json.skipped).toBe(true);
		expect(calling.placed.get(leadPhone(0))).toBe(1);
	});

	it("an item refused again on the next try does not take back the lead the first try's other item reached", async () => {
		const account = credentials();
		const named = { ...callEachLead, callFields: { customerName: '={{ $json.name }}' } };
		const phone = leadPhone(0);
		service.respondWith((request, response, index) => {
			if (request.body.toString('utf8').includes('"Bo"')) {
				json(response, 400, { message: 'refused' });
				return;
			}
			return calling.responder(request, response, index);
		});
		await runOutreach(named, {
			items: [{ json: { phone, name: 'Ann' } }, { json: { phone, name: 'Bo' } }],
			credentials: account,
			workflowId,
			retryOnFail: { maxTries: 2, waitBetweenTries: 100 },
		});
		service.respondWith(calling.responder);
		const next = await runOutreach(callEachLead, {
			items: leads(1),
			credentials: account,
			workflowId,
		});
		expect(next.items[0].json.skipped).toBe(true);
		expect(calling.placed.get(phone)).toBe(1);
	});
});

it('a Dry Run, slowed by Batching in another process, keeps nothing in the record while it runs: a real execution meanwhile calls the lead', async () => {
	const account = credentials();
	const elsewhere = anotherProcess();
	const batching = { batching: { batch: { batchSize: 2, batchInterval: 2_000 } } };
	let writes = 0;
	processedData.afterWrite = () => void writes++;
	const dry = startOutreach(
		{ ...callEachLead, requestOptions: batching },
		{ items: leads(4), credentials: { ...account, dryRun: true }, workflowId, nodeType: elsewhere },
	);
	await until(() => writes >= 1);
	await wait(200);
	const real = await runOutreach(callEachLead, {
		items: [leads(4)[3]],
		credentials: account,
		workflowId,
	});
	await dry.result;
	expect(real.items[0].json.call_id).toMatch(/^call_/);
	expect(calling.placed.get(leadPhone(3))).toBe(1);
});

it('Stop ends a run waiting for another execution of this process to end with the same lead', async () => {
	const account = credentials();
	const release = calling.hold();
	const first = startOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
	await service.requestsSeen(1);
	const waiting = startOutreach(callEachLead, {
		items: leads(1),
		credentials: account,
		workflowId,
	});
	await wait(200);
	waiting.stop();
	const ended = await Promise.race([waiting.nodeEnded('Outreach'), wait(3_000)]);
	release();
	await first.result;
	expect(ended).toBeDefined();
	expect(calling.placed.get(leadPhone(0))).toBe(1);
});

it('a record of 99,985 leads forgets none of them when a run of 10 new leads is checked (the bound is 100,000)', async () => {
	const account = credentials();
	await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
	// 99,984 other leads reached since, as another worker recorded them.
	const others = Array.from({ length: 99_984 }, (_, n) => `other lead ${n}`);
	await processedData.checkProcessedAndRecord(
		others,
		'node',
		{ workflow: { id: workflowId }, node: { id: 'tested' } } as never,
		{ mode: 'entries', maxEntries: 100_000 },
	);
	const run = await runOutreach(callEachLead, {
		items: leads(11).slice(1),
		credentials: account,
		workflowId,
	});
	expect(run.error).toBeUndefined();
	const again = await runOutreach(callEachLead, {
		items: leads(1),
		credentials: account,
		workflowId,
	});
	expect(again.items[0].json.skipped).toBe(true);
	expect(calling.placed.get(leadPhone(0))).toBe(1);
});

it('a skipped item says when the lead was reached, also while another run that skipped it is under way', async () => {
	const account = credentials();
	const quarter = (24 * 3_600_000) / 4;
	const realNow = Date.now.bind(Date);
	// The lead was reached two quarters of the window ago.
	const clock = jest
		.spyOn(Date, 'now')
		.mockImplementation(() =>
			new Error().stack?.includes('checkNow') ? realNow() - 2 * quarter : realNow(),
		);
	try {
		await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
	} finally {
		clock.mockRestore();
	}
	const alone = await runOutreach(callEachLead, {
		items: leads(1),
		credentials: account,
		workflowId,
	});
	const [from] = alone.items[0].json.earlierCallBetween as string[];
	expect(realNow() - Date.parse(from)).toBeGreaterThan(2 * quarter);
	const release = calling.hold();
	const run = startOutreach(callEachLead, { items: leads(2), credentials: account, workflowId });
	// The first run's call, then this run's call to lead 1.
	await service.requestsSeen(2);
	const during = await runOutreach(callEachLead, {
		items: leads(1),
		credentials: account,
		workflowId,
	});
	release();
	await run.result;
	expect(during.items[0].json.earlierCallBetween).toEqual(alone.items[0].json.earlierCallBetween);
});

it('a look that found a lead to be another process’s still counts when the store fails on the next look: the lead is called once', async () => {
	const account = credentials();
	const elsewhere = anotherProcess();
	const both = leads(2);
	// The node's record exists, so that neither process's first write is an insert.
	await runOutreach(callEachLead, { items: [leads(3)[2]], credentials: account, workflowId });
	const original = processedData.checkProcessedAndRecord.bind(processedData);
	let ours = 0;
	// This run's store calls are the ones asking about lead 1; its second look (calls 3 to 5, with
	// the store's tries) fails.
	const failing = jest
		.spyOn(processedData, 'checkProcessedAndRecord')
		.mockImplementation(async (items, ...rest) => {
			const mine = items.some((item) => String(item).includes(leadPhone(1)));
			if (mine && [3, 4, 5].includes(++ours)) throw new Error('Connection terminated unexpectedly');
			return await original(items, ...rest);
		});
	try {
		processedData.gather(2);
		const reads = processedData.reads;
		const here = startOutreach(callEachLead, { items: both, credentials: account, workflowId });
		await until(() => processedData.reads > reads);
		const there = startOutreach(callEachLead, {
			items: [both[0]],
			credentials: account,
			workflowId,
			nodeType: elsewhere,
		});
		await Promise.all([here.result, there.result]);
	} finally {
		failing.mockRestore();
	}
	expect(calling.placed.get(leadPhone(0))).toBe(1);
	expect(calling.placed.get(leadPhone(1))).toBe(1);
});

it('a store failing while a run stands down fails that run without a call, and the next execution for the lead in this process does not wait for it', async () => {
	const account = credentials();
	const original = processedData.checkProcessedAndRecord.bind(processedData);
	let calls = 0;
	const standing = jest
		.spyOn(processedData, 'checkProcessedAndRecord')
		.mockImplementation(async (items, scope, context, options) => {
			calls++;
			if (calls === 1) {
				// Another process read the record before this check, and writes it back after it, with
				// the same lead in this quarter and a claim of its own.
				const before = processedData.snapshot();
				const output = await original(items, scope, context, options);
				before();
				const lead = items
					.map(String)
					.filter((item) => !item.startsWith('claim|'))
					.at(-1)!;
				await original([lead, 'claim|another'], scope, context, options);
				return output;
			}
			const output = await original(items, scope, context, options);
			// The look that finds the lead another's succeeds; the store then fails.
			if (calls === 2) processedData.down = true;
			return output;
		});
	let first;
	try {
		first = await runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId });
	} finally {
		standing.mockRestore();
		processedData.down = false;
	}
	expect(first.error?.message).toMatch(/could not be read|Connection terminated/);
	const next = await Promise.race([
		runOutreach(callEachLead, { items: leads(1), credentials: account, workflowId }),
		wait(5_000).then(() => 'still waiting after 5 s'),
	]);
	expect(next).not.toBe('still waiting after 5 s');
	expect(calling.placed.get(leadPhone(0)) ?? 0).toBe(0);
});

it('with Continue On Fail, n8n’s store gone once the first calls are under way: those calls are in the output, every later lead an error, none called', async () => {
	// More than the first group (four rounds of the default 25 in flight), which is checked whole.
	const count = 200;
	const account = credentials();
	const respond = calling.responder;
	service.respondWith((request, response, index) => {
		processedData.down = true;
		return respond(request, response, index);
	});
	let run;
	try {
		run = await runOutreach(callEachLead, {
			items: leads(count),
			credentials: account,
			workflowId,
			continueOnFail: true,
		});
	} finally {
		processedData.down = false;
	}
	expect(run.error?.message).toBeUndefined();
	expect(run.items).toHaveLength(count);
	const placed = run.items.filter((item) => item.json.call_id);
	expect(placed.length).toBeGreaterThan(0);
	expect(placed.length).toBe(calling.placed.size);
	for (const item of placed) expect(item.json.warning).toMatch(/Not recorded across executions/);
	const unsent = run.items.filter((item) => !item.json.call_id);
	expect(unsent.length).toBeGreaterThan(0);
	for (const item of unsent)
		expect(item.json.error).toMatch(/^Not sent: .*could not be read \(Connection terminated/);
	// Each output is paired with its own lead, in input order.
	expect(run.items.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: count }, (_, item) => ({ item })),
	);
	expect(calling.calledTwice).toEqual([]);
});

it('with Continue On Fail, a lead one group’s item was refused for and a later group still calls stays recorded: another execution meanwhile skips it', async () => {
	const account = credentials();
	const named = { ...callEachLead, callFields: { customerName: '={{ $json.name }}' } };
	const lead = leadPhone(777_777);
	// Two different writes to one lead, in the run's first group and in a later one.
	const input = leads(400);
	input[5] = { json: { name: 'First', phone: lead } };
	input[150] = { json: { name: 'Second', phone: lead } };
	calling.script(lead, 400);
	const respond = calling.responder;
	let other: ReturnType<typeof runOutreach> | undefined;
	let seen = 0;
	service.respondWith(async (request, response, index) => {
		if (request.body.toString('utf8').includes(lead) && ++seen === 2) {
			// The later write is at the service, the refused one's group closed: another execution for the lead.
			other = runOutreach(named, {
				items: [{ json: { name: 'Other', phone: lead } }],
				credentials: account,
				workflowId,
				continueOnFail: true,
			});
			await Promise.race([other, wait(1_000)]);
		}
		return respond(request, response, index);
	});
	const run = await runOutreach(named, {
		items: input,
		credentials: account,
		workflowId,
		continueOnFail: true,
	});
	expect(run.error?.message).toBeUndefined();
	expect(run.items).toHaveLength(400);
	const another = await other!;
	expect(another.items[0].json.skipped).toBe(true);
	expect(calling.placed.get(lead)).toBe(1);
});

it('with Continue On Fail, a lead refused in one group and again in a later one is not left in the record: the next execution calls it', async () => {
	const account = credentials();
	const lead = leadPhone(777_778);
	const input = leads(400);
	input[5] = { json: { name: 'Refused', phone: lead } };
	input[150] = { json: { name: 'Refused', phone: lead } };
	calling.script(lead, 400, 400);
	const run = await runOutreach(callEachLead, {
		items: input,
		credentials: account,
		workflowId,
		continueOnFail: true,
	});
	expect(run.error?.message).toBeUndefined();
	expect(run.items[5].json.error).toBeDefined();
	expect(run.items[150].json.error).toBeDefined();
	const next = await runOutreach(callEachLead, {
		items: [{ json: { name: 'Refused', phone: lead } }],
		credentials: account,
		workflowId,
	});
	expect(next.error?.message).toBeUndefined();
	expect(next.items[0].json.skipped).toBeUndefined();
	expect(calling.placed.get(lead)).toBe(1);
	expect(calling.calledTwice).toEqual([]);
});

it('with Continue On Fail and one request at a time, one write in three groups, the first refused: the run ends, the lead called once', async () => {
	// Answers that take a while: the first copy is still in flight when the second is planned.
	calling = new CallingService({ serviceMs: 30 });
	service.respondWith(calling.responder);
	const account = credentials();
	const lead = leadPhone(777_779);
	// Groups of 4, 16 and 64 items: the copies fall in the first, the second and the third.
	const input = leads(150);
	for (const at of [3, 15, 70]) input[at] = { json: { name: 'Same', phone: lead } };
	calling.script(lead, 400);
	const run = await Promise.race([
		runOutreach(
			{
				...callEachLead,
				callFields: { customerName: '={{ $json.name }}' },
				options: { maxConcurrentRequests: 1 },
			},
			{ items: input, credentials: account, workflowId, continueOnFail: true },
		),
		wait(20_000).then(() => 'still running after 20 s' as const),
	]);
	if (run === 'still running after 20 s') throw new Error(run);
	expect(run.error?.message).toBeUndefined();
	expect(run.items.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: 150 }, (_, item) => ({ item })),
	);
	expect(calling.placed.get(lead)).toBe(1);
	expect(calling.calledTwice).toEqual([]);
}, 40_000);

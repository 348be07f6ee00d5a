// Max Calls per Execution on the credential, and no identical call placed twice in one execution:
// across items, across runs of the node, across nodes, with n8n's Retry On Fail.
import type { INode } from 'n8n-workflow';

import {
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_CREDENTIALS,
	OUTREACH_NODE_TYPE,
	runOutreach,
	runWorkflow,
} from '../../support/engine/engine';
import { inputItemsNode } from '../../support/engine/input-node';
import { CallingService } from '../../support/hostile/callingService';
import { HostileServer, json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const { service, credentials } = useHostile();

let calling: CallingService;
beforeEach(() => {
	calling = new CallingService();
	service.respondWith(calling.responder);
});

const capped = (calls: number) => ({ ...credentials(), maxCallsPerExecution: calls });

/** Make Call requests the service received, each lead's phone number as often as it came. */
const receivedPhones = () =>
	service.requests.map(
		(request) => (JSON.parse(request.body.toString()) as { phone_number: string }).phone_number,
	);

describe('Max Calls per Execution', () => {
	it('more items than the cap, without Continue On Fail: nothing is sent, and the error names the cap', async () => {
		const { error, items } = await runOutreach(callEachLead, {
			items: leads(8),
			credentials: capped(5),
		});

		expect(service.requests).toHaveLength(0);
		expect(items).toHaveLength(0);
		expect(error?.message).toBe(
			'Not sent: this execution already reached 5 people with calls and campaigns, the most the Outreach API credential allows (Max Calls per Execution)',
		);
	});

	it('with Continue On Fail: the first items up to the cap are called, each later one is an error item paired with it', async () => {
		const { error, items } = await runOutreach(callEachLead, {
			items: leads(8),
			credentials: capped(5),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(receivedPhones().sort()).toEqual([0, 1, 2, 3, 4].map(leadPhone));
		expect(items.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: 8 }, (_, n) => ({ item: n })),
		);
		expect(items.slice(0, 5).map((item) => item.json.call_id)).toEqual(
			[0, 1, 2, 3, 4].map((n) => `call_${leadPhone(n)}_1`),
		);
		for (const item of items.slice(5)) {
			expect(item.json.error).toContain('the most the Outreach API credential allows');
		}
	});

	it('no cap set (as on credentials saved before it existed): every item is called', async () => {
		const { error } = await runOutreach(callEachLead, {
			items: leads(30),
			credentials: credentials(),
		});

		expect(error).toBeUndefined();
		expect(calling.placed.size).toBe(30);
	});

	it('a cap that is not a whole number is an error naming the credential field, and nothing is sent', async () => {
		const { error } = await runOutreach(callEachLead, {
			items: leads(2),
			credentials: { ...credentials(), maxCallsPerExecution: 'ten' },
		});

		expect(error?.message).toBe(
			'Max Calls per Execution (Outreach API credential): "ten" is not a whole number of at least 1 (leave the field empty for no cap)',
		);
		expect(service.requests).toHaveLength(0);
	});

	it('holds across runs of the node in one execution: a second batch is blocked past the cap', async () => {
		const { error, output } = await runBatches([leads(3), leads(6).slice(3)], capped(4), true);

		expect(error).toBeUndefined();
		expect(receivedPhones().sort()).toEqual([0, 1, 2, 3].map(leadPhone));
		const [first, second] = output;
		expect(first.map((item) => item.json.call_id)).toHaveLength(3);
		expect(second.map((item) => item.json.error === undefined)).toEqual([true, false, false]);
	});

	it('holds with Retry On Fail: a retried item counts once, and over the cap no try sends anything', async () => {
		calling.script(leadPhone(1), 400);
		const retried = await runOutreach(callEachLead, {
			items: leads(3),
			credentials: capped(3),
			retryOnFail: { maxTries: 3, waitBetweenTries: 10 },
		});
		expect(retried.error).toBeUndefined();
		expect(calling.placed.size).toBe(3);
		expect(receivedPhones()).toHaveLength(4);

		service.clear();
		const over = await runOutreach(callEachLead, {
			items: leads(4),
			credentials: capped(3),
			retryOnFail: { maxTries: 3, waitBetweenTries: 10 },
		});
		expect(over.error?.message).toContain('Max Calls per Execution');
		expect(service.requests).toHaveLength(0);
	});

	it('counts a campaign as its customers: one that reaches more people than the cap leaves is not sent', async () => {
		const campaign = (customers: number) => ({
			resource: 'campaign',
			operation: 'create',
			campaignName: `Campaign of ${customers}`,
			touchpointName: 'First reminder',
			startAt: '2026-12-01T09:30:00',
			assistantId: '42',
			customerSource: 'json',
			customersJson: JSON.stringify(
				Array.from({ length: customers }, (_, n) => ({ id: `cus_${n}`, to_number: leadPhone(n) })),
			),
		});
		service.respondWith((_request, response) =>
			json(response, 200, { ctx_id: 'c', data: { id: 'cmp_1', name: 'x', status: 'scheduled' } }),
		);

		const tooMany = await runOutreach(campaign(5), { credentials: capped(3) });
		expect(tooMany.error?.message).toBe(
			'Not sent: this campaign reaches 5 customers, more than the 3 of 3 the Outreach API credential still allows in this execution (Max Calls per Execution)',
		);
		expect(service.requests).toHaveLength(0);

		const fits = await runOutreach(campaign(3), { credentials: capped(3) });
		expect(fits.error).toBeUndefined();
		expect(service.requests).toHaveLength(1);
	});

	it("keeps a running execution's count while 200 other executions start and end", async () => {
		// The node's first run waits on its third call's answer while the others run; its second run is
		// checked against the cap after every one of them has ended.
		let releaseHeld = () => {};
		const held = new Promise<void>((resolve) => (releaseHeld = resolve));
		service.respondWith(async (request, response, index) => {
			const { phone_number } = JSON.parse(request.body.toString()) as { phone_number: string };
			if (phone_number === leadPhone(2)) await held;
			await calling.responder(request, response, index);
		});
		const running = runBatches([leads(3), leads(6).slice(3)], capped(3), true);
		await service.requestsSeen(3);
		const others = leads(206).slice(6);
		for (let wave = 0; wave < others.length; wave += 20) {
			const results = await Promise.all(
				others
					.slice(wave, wave + 20)
					.map((lead) => runOutreach(callEachLead, { items: [lead], credentials: capped(3) })),
			);
			for (const { error } of results) expect(error).toBeUndefined();
		}
		releaseHeld();
		const { error, output } = await running;

		expect(error).toBeUndefined();
		const first = new Set(leads(6).map((lead) => lead.json.phone));
		expect(receivedPhones().filter((phone) => first.has(phone))).toEqual([0, 1, 2].map(leadPhone));
		expect(output[0].map((item) => item.json.call_id)).toEqual(
			[0, 1, 2].map((n) => `call_${leadPhone(n)}_1`),
		);
		expect(output[1]).toHaveLength(3);
		for (const item of output[1]) {
			expect(item.json.error).toContain('the most the Outreach API credential allows');
		}
	});

	it('counts per execution: the next execution starts from none', async () => {
		await runOutreach(callEachLead, { items: leads(3), credentials: capped(3) });
		const { error } = await runOutreach(callEachLead, { items: leads(3), credentials: capped(3) });

		expect(error).toBeUndefined();
		expect(service.requests).toHaveLength(6);
	});
});

describe('an identical call in one execution', () => {
	const twoRowsForOneLead = [leads(1)[0], leads(1)[0]];

	it('is not sent again: its output is the first answer, marked as a repeat', async () => {
		const { error, items } = await runOutreach(callEachLead, {
			items: twoRowsForOneLead,
			credentials: credentials(),
		});

		expect(error).toBeUndefined();
		expect(receivedPhones()).toEqual([leadPhone(0)]);
		expect(items.map((item) => [item.json.call_id, item.json.repeated])).toEqual([
			[`call_${leadPhone(0)}_1`, undefined],
			[`call_${leadPhone(0)}_1`, true],
		]);
		expect(items[1].json.notice).toBe(
			'Not placed again: an identical call was already placed in this execution; this is its answer. To place it again on purpose, turn on Options → Allow Identical Repeats.',
		);
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});

	it('is not sent again by a later run of the node in the same execution; a different number is', async () => {
		const { error, output } = await runBatches([leads(2), leads(3)], credentials(), false);

		expect(error).toBeUndefined();
		expect(receivedPhones()).toEqual([0, 1, 2].map(leadPhone));
		expect(output[1].map((item) => item.json.repeated ?? false)).toEqual([true, true, false]);
	});

	it('is sent again with Options → Allow Identical Repeats, and counts toward the cap', async () => {
		const { error } = await runOutreach(
			{ ...callEachLead, options: { allowRepeats: true } },
			{
				items: [...twoRowsForOneLead, twoRowsForOneLead[0]],
				credentials: capped(2),
				continueOnFail: true,
			},
		);

		expect(error).toBeUndefined();
		expect(receivedPhones()).toEqual([leadPhone(0), leadPhone(0)]);
	});

	it('after the first failed without a clear answer, is blocked: the call may have been placed', async () => {
		calling.script(leadPhone(0), 502);
		const { items } = await runOutreach(callEachLead, {
			items: twoRowsForOneLead,
			credentials: credentials(),
			continueOnFail: true,
		});

		expect(receivedPhones()).toEqual([leadPhone(0)]);
		expect(items[1].json.error).toBe(
			'Not sent: an identical call earlier in this execution failed without a clear answer and may have been placed',
		);
	});

	it('after the service clearly refused the first, is sent', async () => {
		calling.script(leadPhone(0), 400);
		const { items } = await runOutreach(callEachLead, {
			items: twoRowsForOneLead,
			credentials: credentials(),
			continueOnFail: true,
		});

		expect(receivedPhones()).toEqual([leadPhone(0), leadPhone(0)]);
		expect(items[1].json.call_id).toBe(`call_${leadPhone(0)}_1`);
	});

	it('waiting for the first, is not sent once the first has failed the node', async () => {
		calling.script(leadPhone(0), 400);
		const { error } = await runOutreach(callEachLead, {
			items: twoRowsForOneLead,
			credentials: credentials(),
		});

		expect(receivedPhones()).toEqual([leadPhone(0)]);
		expect(error?.description).toContain(
			'1 of 2 items were sent: 0 succeeded, 1 failed; 1 were not sent',
		);
	});

	it('in another execution is placed', async () => {
		await runOutreach(callEachLead, { items: leads(1), credentials: credentials() });
		await runOutreach(callEachLead, { items: leads(1), credentials: credentials() });

		expect(receivedPhones()).toEqual([leadPhone(0), leadPhone(0)]);
	});
});

describe('what makes two calls the same', () => {
	it('free text with other spaces or case is the same call: "Jane Doe" and " jane  DOE " place one call', async () => {
		const { error, items } = await runOutreach(
			{ ...callEachLead, callFields: { customerName: '={{ $json.name }}' } },
			{
				items: [
					{ json: { name: 'Jane Doe', phone: leadPhone(0) } },
					{ json: { name: ' jane  DOE ', phone: leadPhone(0) } },
				],
				credentials: credentials(),
			},
		);

		expect(error).toBeUndefined();
		expect(receivedPhones()).toEqual([leadPhone(0)]);
		expect(items[1].json.repeated).toBe(true);
	});

	it('the same call through another credential (another account) is placed, and each credential has its own cap', async () => {
		const other = new HostileServer();
		await other.start();
		try {
			const otherCalling = new CallingService();
			other.respondWith(otherCalling.responder);
			const outreach = (name: string, id: string, position: [number, number]): INode => ({
				id: name,
				name,
				type: OUTREACH_NODE_TYPE,
				typeVersion: 1,
				position,
				parameters: { ...callEachLead, phoneNumber: "={{ $('Input Items').item.json.phone }}" },
				credentials: { [OUTREACH_CREDENTIAL_TYPE]: { id, name: id } },
				onError: 'continueRegularOutput',
			});
			const { error, run } = await runWorkflow(
				{
					nodes: [
						inputItemsNode(leads(3)),
						outreach('First account', 'first', [200, 0]),
						outreach('Second account', 'second', [400, 0]),
					],
					connections: {
						'Input Items': { main: [[{ node: 'First account', type: 'main', index: 0 }]] },
						'First account': { main: [[{ node: 'Second account', type: 'main', index: 0 }]] },
					},
				},
				{
					[`${OUTREACH_CREDENTIAL_TYPE}:first`]: capped(2),
					[`${OUTREACH_CREDENTIAL_TYPE}:second`]: {
						baseUrl: other.url,
						accessToken: 'another-token',
						maxCallsPerExecution: 2,
					},
				},
			);

			expect(error).toBeUndefined();
			expect(receivedPhones()).toEqual([leadPhone(0), leadPhone(1)]);
			expect(other.requests).toHaveLength(2);
			const second = run?.data.resultData.runData['Second account'][0].data?.main?.[0] ?? [];
			expect(second.map((item) => item.json.repeated)).not.toContain(true);
		} finally {
			await other.stop();
		}
	});
});

/**
 * One execution in which the Outreach node runs once per batch: each batch's Input Items node hands
 * its items to the node and starts the next batch.
 */
async function runBatches(
	batches: ReturnType<typeof leads>[],
	credentialData: ReturnType<typeof credentials>,
	continueOnFail: boolean,
) {
	const batchName = (index: number) => `Batch ${index + 1}`;
	const nodes: INode[] = batches.map((items, index) =>
		inputItemsNode(items, batchName(index), [0, index * 200]),
	);
	nodes.push({
		id: 'outreach',
		name: 'Outreach',
		type: OUTREACH_NODE_TYPE,
		typeVersion: 1,
		position: [400, 0],
		parameters: callEachLead,
		credentials: OUTREACH_CREDENTIALS,
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	});
	const connections = Object.fromEntries(
		batches.map((_, index) => [
			batchName(index),
			{
				main: [
					[
						{ node: 'Outreach', type: 'main' as const, index: 0 },
						...(index + 1 < batches.length
							? [{ node: batchName(index + 1), type: 'main' as const, index: 0 }]
							: []),
					],
				],
			},
		]),
	);
	const result = await runWorkflow(
		{ nodes, connections },
		{ [OUTREACH_CREDENTIAL_TYPE]: credentialData },
	);
	const runs = result.run?.data.resultData.runData.Outreach ?? [];
	return {
		error: result.error,
		output: runs.map((run) => run.data?.main?.[0] ?? []),
	};
}

// The rules of one run of the node, one at a time: what a try does with an item given what an earlier
// try left of it, how a try lets its items go and stops, and what an execution's ledger lets through.
import { NodeTry } from '../../nodes/Outreach/transport/run/nodeTry';
import {
	ExecutionLedger,
	type ClaimRules,
} from '../../nodes/Outreach/transport/guardrails/executionLedger';
import { AccountFlow } from '../../nodes/Outreach/transport/run/accountFlow';
import { ruleOfEarlierTry } from '../../nodes/Outreach/transport/run/nodeRun';

const answer = [{ json: { call_id: 'call_1' } }];

describe('what a try does with an item, given what an earlier try left of it', () => {
	it.each([
		['a read, whatever came before', undefined, false, false, 'send'],
		['a read that succeeded before', { succeeded: answer }, false, false, 'send'],
		['a write never tried, or not sent, or clearly refused', undefined, true, false, 'send'],
		['a write that succeeded', { succeeded: answer }, true, false, { answer }],
		[
			'a write that succeeded, even with the resend option',
			{ succeeded: answer },
			true,
			true,
			{ answer },
		],
		['a write whose outcome is unknown', { unknown: true as const }, true, false, 'block'],
		[
			'a write whose outcome is unknown, with the resend option',
			{ unknown: true as const },
			true,
			true,
			'send',
		],
	])('%s', (_case, memory, changesData, resendUnknown, rule) => {
		expect(ruleOfEarlierTry(memory, changesData, resendUnknown)).toEqual(rule);
	});
});

describe('a try', () => {
	const nodeTry = (settings: Partial<ConstructorParameters<typeof NodeTry>[0]> = {}) =>
		new NodeTry({
			flow: new AccountFlow().share(5),
			continueOnFail: false,
			expected: 3,
			batchIntervalMs: 0,
			lastTry: true,
			...settings,
		});
	const macrotask = () => new Promise((resolve) => setTimeout(resolve, 5));

	it('lets the items of a group go once every one is built, in input order', async () => {
		const run = nodeTry();
		const tickets = [0, 1, 2].map((index) => run.register(index));
		const order: number[] = [];
		const decisions = [2, 0, 1].map(async (index) => {
			const go = await tickets[index].ready();
			if (go) order.push(index);
			return go;
		});
		expect(await Promise.all(decisions)).toEqual([true, true, true]);
		expect(order).toEqual([0, 1, 2]);
	});

	it('an invalid item halts the try without Continue On Fail: no item of it is let go', async () => {
		const run = nodeTry();
		const tickets = [0, 1, 2].map((index) => run.register(index));
		tickets[1].invalid();
		expect(await Promise.all([tickets[0].ready(), tickets[2].ready()])).toEqual([false, false]);
		expect(run.stopped).toBe(true);
		expect(run.stoppedByUser).toBe(false);
	});

	it('an item handed over after the try halted is never let go, and does not wait', async () => {
		const run = nodeTry({ expected: 10, batchIntervalMs: 200 });
		const first = run.register(0);
		first.invalid();
		await macrotask();
		const late = run.register(1);
		expect(await late.ready()).toBe(false);
	});

	it('Stop ends its pauses at once and is told apart from a failure', async () => {
		const run = nodeTry();
		const started = Date.now();
		const pause = run.pause(1_500);
		run.stop('stop');
		await pause;
		expect(Date.now() - started).toBeLessThan(500);
		expect(run.stoppedByUser).toBe(true);
	});

	it('a failure known before sending does not halt the last try; a failure of a sent request does', () => {
		const run = nodeTry();
		const [known, sent] = [0, 1].map((index) => run.register(index));
		known.settle('unknown', false);
		expect(run.stopped).toBe(false);
		sent.settle('failed');
		expect(run.stopped).toBe(true);
	});

	it('says what became of every item, the ones that may have taken effect apart', async () => {
		const run = nodeTry({ expected: 4, continueOnFail: true });
		const tickets = [0, 1, 2, 3].map((index) => run.register(index));
		tickets[0].settle('succeeded');
		tickets[1].settle('unknown');
		tickets[2].settle('failed');
		await macrotask();
		expect(run.outcomes()).toBe(
			'3 of 4 items were sent: 1 succeeded, 2 failed; 1 were not sent. Failed without a clear answer (they may have taken effect): item 2. Failed: item 3. Not sent: item 4. Running the node again sends every item again: run it only for the items that failed with a clear answer or were not sent, once you have checked the service for the others. Settings → Retry On Fail sends again only those, never an item that may have taken effect.',
		);
	});
});

describe("an execution's ledger", () => {
	const call: ClaimRules = {
		places: true,
		cap: 0,
		weight: 1,
		allowRepeats: false,
		resendUnknown: false,
	};
	const write: ClaimRules = { ...call, places: false, weight: 0 };

	it('gives the answer of an identical call placed before, and lets a different one through', () => {
		const ledger = new ExecutionLedger();
		const first = ledger.claim('a', call);
		if (!('send' in first)) throw new Error('first not sent');
		first.send.placed(answer);
		expect(ledger.claim('a', call)).toEqual({ repeat: answer });
		expect('send' in ledger.claim('b', call)).toBe(true);
	});

	it('blocks any write identical to one whose outcome is unknown, unless the resend option is on', () => {
		const ledger = new ExecutionLedger();
		for (const [key, rules] of [
			['call', call],
			['delete', write],
		] as const) {
			const claim = ledger.claim(key, rules);
			if (!('send' in claim)) throw new Error('not sent');
			claim.send.uncertain();
			expect(ledger.claim(key, rules)).toEqual({ uncertain: true });
			expect('send' in ledger.claim(key, { ...rules, resendUnknown: true })).toBe(true);
		}
	});

	it('counts calls that placed, may have placed or are in flight toward the cap; a clear refusal frees its place', () => {
		const ledger = new ExecutionLedger();
		const capped = { ...call, cap: 2 };
		const placed = ledger.claim('a', capped);
		const refused = ledger.claim('b', capped);
		if (!('send' in placed) || !('send' in refused)) throw new Error('not sent');
		expect(ledger.claim('c', capped)).toEqual({ capReached: { cap: 2, counted: 2, weight: 1 } });
		refused.send.withdrawn();
		const unknown = ledger.claim('c', capped);
		if (!('send' in unknown)) throw new Error('not sent');
		unknown.send.uncertain();
		placed.send.placed(answer);
		expect(ledger.claim('d', capped)).toEqual({ capReached: { cap: 2, counted: 2, weight: 1 } });
		// Other writes are not counted.
		expect('send' in ledger.claim('e', { ...write, cap: 2 })).toBe(true);
	});

	it('makes an identical call wait for one in flight', async () => {
		const ledger = new ExecutionLedger();
		const first = ledger.claim('a', call);
		const second = ledger.claim('a', call);
		if (!('send' in first) || !('wait' in second)) throw new Error('unexpected claims');
		first.send.placed(answer);
		await second.wait;
		expect(ledger.claim('a', call)).toEqual({ repeat: answer });
	});
});

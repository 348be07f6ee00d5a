// The rules of a run one at a time: what an execution's ledger lets through, and what the error
// that fails the node says of every item. The run's rules as a whole are tested through n8n's engine.
import {
	ExecutionLedger,
	executionLedger,
	type ClaimRules,
} from '../../nodes/Outreach/guardrails/executionLedger';
import { credentialGuards } from '../../nodes/Outreach/guardrails/credentialGuards';
import { makeCall } from '../../nodes/Outreach/actions/call/make.operation';
import { updateKnowledgeBase } from '../../nodes/Outreach/actions/knowledgeBase/update.operation';
import { outcomes, type Ending } from '../../nodes/Outreach/run/endings';

const answer = [{ json: { call_id: 'call_1' } }];

describe('the error that fails the node', () => {
	const error = new Error('x') as never;
	const endings: Array<Ending | undefined> = [
		{ outcome: 'succeeded', output: answer },
		{ outcome: 'unknown', error },
		{ outcome: 'failed', error },
		undefined,
	];

	it('says what became of every item, the ones that may have taken effect apart', () => {
		expect(outcomes(endings, updateKnowledgeBase.write)).toBe(
			"3 of 4 items were sent: 1 succeeded, 2 failed; 1 were not sent. Failed without a clear answer (they may have taken effect): item 2. Failed: item 3. Not sent: item 4. n8n's Retry of this execution sends again only the items that failed with a clear answer or were not sent, not those that may have taken effect: check the service for them first, or turn on Options → Resend After Unknown Outcome. Those that succeeded give their answers again, marked repeated. Settings → Retry On Fail does the same within this execution.",
		);
	});

	it('of calls, says that sending one that may have been placed again also takes the lead record off', () => {
		expect(outcomes(endings, makeCall.write)).toContain(
			'turn on Options → Resend After Unknown Outcome and set Skip Leads Called Within to 0.',
		);
	});

	it('of reads, says that a Retry reads every item again', () => {
		expect(outcomes(endings)).toContain(
			"n8n's Retry of this execution, and Settings → Retry On Fail, read every item again.",
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

	it('saved with the execution and loaded anew (a Wait, a review): the cap, what placed and what is unknown hold', () => {
		const flow: Record<string, unknown> = {};
		const capped = { ...call, cap: 3 };
		const ledger = executionLedger(flow, 'account');
		const [placed, unknown, refused] = ['a', 'b', 'c'].map((key) => ledger.claim(key, capped));
		if (!('send' in placed) || !('send' in unknown) || !('send' in refused))
			throw new Error('not sent');
		placed.send.placed(answer);
		unknown.send.uncertain();
		refused.send.withdrawn();
		const loaded = JSON.parse(JSON.stringify(flow)) as Record<string, unknown>;
		const again = executionLedger(loaded, 'account');
		expect(again.claim('a', capped)).toEqual({ repeat: undefined });
		expect(again.claim('b', capped)).toEqual({ uncertain: true });
		expect(again.claim('d', { ...call, cap: 2 })).toEqual({
			capReached: { cap: 2, counted: 2, weight: 1 },
		});
		// Each credential account counts its own.
		expect('send' in executionLedger(loaded, 'another account').claim('a', capped)).toBe(true);
	});

	it("is saved under a key without the token: the execution's data cannot confirm a guessed token", () => {
		const account = (credentialId: string, accessToken: string) =>
			credentialGuards({ baseUrl: 'https://api.example.com', accessToken }, credentialId).account;
		expect(account('credential 1', 'token a')).toBe(account('credential 1', 'token b'));
		expect(account('credential 1', 'token a')).not.toBe(account('credential 2', 'token a'));
	});

	it('a saved ledger that is not as saved counts as nothing saved', () => {
		for (const saved of [{ account: { counted: 'many', placed: 'a', unknown: [1] } }, 'text']) {
			const ledger = executionLedger({ outreachLedgers: saved }, 'account');
			expect('send' in ledger.claim('a', { ...call, cap: 1 })).toBe(true);
		}
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

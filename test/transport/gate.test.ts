// How the requests of every run that uses one service account take turns at its gate, and what the
// gate learns from the service's refusals: how many at once, or how many a second.
import { getEventListeners } from 'node:events';

import { accountGate, AccountGate, type FlowShare } from '../../nodes/Outreach/transport/flow/gate';
import type { Slot } from '../../nodes/Outreach/transport/wire';
import { MAX_SHARED_ACCOUNTS } from '../../nodes/Outreach/shared/constants';

/** Takes `count` turns that are available now, for items from `from` on. */
async function take(share: FlowShare, count: number, from = 0): Promise<Slot[]> {
	const slots: Slot[] = [];
	for (let item = from; item < from + count; item++) {
		const slot = await share.acquire(item, () => false);
		if (slot) slots.push(slot);
	}
	return slots;
}

/** Whether a turn comes within `ms`; a turn that does not is given up. */
async function turnWithin(share: FlowShare, ms: number, item = 1_000): Promise<Slot | undefined> {
	let givenUp = false;
	const slot = share.acquire(item, () => givenUp);
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<undefined>(
		(resolve) => (timer = setTimeout(() => resolve(undefined), ms)),
	);
	const result = await Promise.race([slot, timeout]);
	clearTimeout(timer);
	if (!result) {
		givenUp = true;
		share.dropStopped();
	}
	return result;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the gate of one service account', () => {
	it('gives a run its own limit in flight from its first request, and no more', async () => {
		const share = new AccountGate().share(25);
		expect(await take(share, 25)).toHaveLength(25);
		expect(await turnWithin(share, 20)).toBeUndefined();
	});

	it('gives a run its turns in the order its items first asked', async () => {
		const one = new AccountGate().share(1);
		const [held] = await take(one, 1, 7);
		const order: number[] = [];
		const waiting = [5, 2, 9].map((item) =>
			one
				.acquire(item, () => false)
				.then((slot) => {
					order.push(item);
					slot?.answered();
				}),
		);
		held.answered();
		await Promise.all(waiting);
		expect(order).toEqual([5, 2, 9]);
	});

	it('gives the next turn to the run with the fewest in flight: a single call is not queued behind a bulk run', async () => {
		const gate = new AccountGate();
		const bulk = gate.share(3);
		const single = gate.share(3);
		const held = await take(bulk, 3);
		// Teach the gate that the service admits 3 at once, so the runs share three turns.
		held[0].refused(1_000);
		held[1].answered();
		held[2].answered();
		const probe = await turnWithin(bulk, 100, 10);
		probe?.answered();
		const running = await take(bulk, 2, 20);
		const served: string[] = [];
		const waiting = [
			bulk.acquire(30, () => false).then((slot) => (served.push('bulk'), slot)),
			single.acquire(0, () => false).then((slot) => (served.push('single'), slot)),
		];
		running[0].answered();
		await waiting[1];
		expect(served).toEqual(['single']);
		running[1].answered();
		await waiting[0];
	});

	it('how many at once: each refusal lowers it by one, the next goes alone, and admitted alone keeps what is left', async () => {
		const share = new AccountGate().share(10);
		const slots = await take(share, 10);
		const refusedAt = Date.now();
		// The service admits 3: the other 7 are refused.
		for (const slot of slots.slice(3)) slot.refused(1_000);
		// Alone: nothing more until those in flight are answered.
		expect(await turnWithin(share, 50, 100)).toBeUndefined();
		for (const slot of slots.slice(0, 3)) slot.answered();
		const probe = await turnWithin(share, 50, 101);
		expect(probe).toBeDefined();
		probe?.answered();
		const next = await take(share, 3, 200);
		expect(next).toHaveLength(3);
		expect(await turnWithin(share, 50, 300)).toBeUndefined();
		// A refused request's own wait (1 s) holds for it: its turn comes once the wait has passed.
		for (const slot of next) slot.answered();
		expect(await turnWithin(share, 3_000, 3)).toBeDefined();
		expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_000);
	});

	it('a turn not used (nothing was sent): the request that was to go alone after the refusals is the next one, not an answer never to come', async () => {
		const share = new AccountGate().share(10);
		const slots = await take(share, 10);
		for (const slot of slots.slice(3)) slot.refused(1_000);
		for (const slot of slots.slice(0, 3)) slot.answered();
		const unused = await turnWithin(share, 50, 100);
		expect(unused).toBeDefined();
		unused?.unused();
		const probe = await turnWithin(share, 50, 101);
		expect(probe).toBeDefined();
		// That one goes alone too: nothing more until it is answered.
		expect(await turnWithin(share, 50, 102)).toBeUndefined();
		probe?.answered();
		expect(await take(share, 3, 200)).toHaveLength(3);
	});

	it('how many a second: every request since the first refusal refused, nothing is sent until the wait asked has passed; then each second, what the service admitted in the second before at once and no more', async () => {
		const share = new AccountGate().share(100);
		const slots = await take(share, 30);
		for (const slot of slots.slice(0, 20)) slot.answered();
		const refusedAt = Date.now();
		for (const slot of slots.slice(20)) slot.refused(300);
		// The seconds count from a turn of these twenty: from the first, taken before the other 19.
		const first = await take(share, 1, 100);
		const backAt = Date.now();
		const next = [...first, ...(await take(share, 19, 101))];
		expect(backAt - refusedAt).toBeGreaterThanOrEqual(290);
		for (const slot of next) slot.answered();
		// The twenty-first waits for the next second.
		expect(await turnWithin(share, 500, 200)).toBeUndefined();
		expect(await take(share, 20, 300)).toHaveLength(20);
		expect(Date.now() - backAt).toBeGreaterThanOrEqual(990);
	});

	it('how many a second: a service that admitted one a second and refuses that one still gets a request each second', async () => {
		const share = new AccountGate().share(100);
		const slots = await take(share, 2);
		slots[0].answered();
		slots[1].refused(100);
		const first = await turnWithin(share, 1_000, 10);
		expect(first).toBeDefined();
		const refusedAt = Date.now();
		first?.refused(100);
		// One a second: the next goes the second after, not at once and not never.
		expect(await turnWithin(share, 3_000, 11)).toBeDefined();
		expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(800);
	});

	it('lets go, without a turn, what is no longer to be sent', async () => {
		const share = new AccountGate().share(1);
		await take(share, 1);
		let stopped = false;
		const waiting = share.acquire(1, () => stopped);
		stopped = true;
		share.dropStopped();
		expect(await waiting).toBeUndefined();
	});
});

describe('an idle gate', () => {
	it('holds one idle timer at most, however often its runs came and went', async () => {
		// Node holds a timeout signal with a listener until it fires: 15 minutes for the idle timer.
		const timeouts = jest.spyOn(AbortSignal, 'timeout');
		const gate = new AccountGate();
		for (let run = 0; run < 50; run++) {
			const [slot] = await take(gate.share(1), 1);
			slot.answered();
		}
		const signals = timeouts.mock.results.map((result) => result.value as AbortSignal);
		timeouts.mockRestore();
		expect(signals.length).toBeGreaterThanOrEqual(50);
		const listened = signals.filter((signal) => getEventListeners(signal, 'abort').length > 0);
		expect(listened.length).toBeLessThanOrEqual(1);
	});
});

describe('the gates of a process', () => {
	it('one gate per service account, shared; past the bound, a gate of its own that is not kept', async () => {
		expect(accountGate('account-0')).toBe(accountGate('account-0'));
		for (let index = 1; index < MAX_SHARED_ACCOUNTS; index++) accountGate(`account-${index}`);
		expect(accountGate('one-too-many')).not.toBe(accountGate('one-too-many'));
		await wait(0);
	});
});

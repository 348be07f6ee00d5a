// How the requests of every run that uses one service account take turns, and what the flow learns
// from the service's refusals: how many at once, or how many a second.
import { accountFlow, AccountFlow } from '../../nodes/Outreach/transport/flow/accountFlow';
import type { FlowShare } from '../../nodes/Outreach/transport/flow/flowShare';
import type { Slot } from '../../nodes/Outreach/transport/wire';
import {
	INITIAL_CONCURRENT_REQUESTS,
	MAX_SHARED_ACCOUNTS,
	WINDOW_DOUBLING_AFTER,
} from '../../nodes/Outreach/shared/constants';

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

describe('the flow of one service account', () => {
	it(`starts with ${INITIAL_CONCURRENT_REQUESTS} in flight, twice as many once ${WINDOW_DOUBLING_AFTER} more were admitted while others waited`, async () => {
		const share = new AccountFlow().share(1_000);
		let slots = await take(share, INITIAL_CONCURRENT_REQUESTS);
		expect(await turnWithin(share, 20)).toBeUndefined();
		// Answer and take again until as many were admitted.
		for (let item = 0; item < WINDOW_DOUBLING_AFTER; item += slots.length) {
			for (const slot of slots) slot.answered();
			slots = await take(share, INITIAL_CONCURRENT_REQUESTS, 10_000 + item);
		}
		const more = await take(share, INITIAL_CONCURRENT_REQUESTS, 20_000);
		expect(more).toHaveLength(INITIAL_CONCURRENT_REQUESTS);
		expect(await turnWithin(share, 20)).toBeUndefined();
	});

	it('keeps each run within its own limit, and gives its turns in the order its items first asked', async () => {
		const flow = new AccountFlow();
		const one = flow.share(1);
		const [held] = await take(one, 1, 7);
		expect(await turnWithin(one, 50)).toBeUndefined();
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

	it('serves the oldest request first across runs', async () => {
		const flow = new AccountFlow();
		const first = flow.share(100);
		const second = flow.share(100);
		const held = await take(first, INITIAL_CONCURRENT_REQUESTS);
		const served: string[] = [];
		const waiting = [
			first.acquire(100, () => false).then((slot) => (served.push('first'), slot)),
			second.acquire(0, () => false).then((slot) => (served.push('second'), slot)),
		];
		held[0].answered();
		held[1].answered();
		await Promise.all(waiting);
		expect(served).toEqual(['first', 'second']);
	});

	it('how many at once: each refusal lowers it by one, the refused request waits as asked, the next goes alone', async () => {
		const share = new AccountFlow().share(100);
		const slots = await take(share, INITIAL_CONCURRENT_REQUESTS);
		const refusedAt = Date.now();
		slots[0].refused(1_000);
		// Alone: nothing more until those in flight are answered.
		expect(await turnWithin(share, 50, 100)).toBeUndefined();
		for (const slot of slots.slice(1)) slot.answered();
		const probe = await turnWithin(share, 50, 101);
		expect(probe).toBeDefined();
		probe?.answered();
		// Admitted alone: the limit was how many at once, one fewer than before.
		const next = await take(share, INITIAL_CONCURRENT_REQUESTS - 1, 200);
		expect(next).toHaveLength(INITIAL_CONCURRENT_REQUESTS - 1);
		expect(await turnWithin(share, 50, 300)).toBeUndefined();
		// The refused request's own wait (1 s) holds for it: its turn comes once the wait has passed.
		for (const slot of next) slot.answered();
		expect(await turnWithin(share, 3_000, 0)).toBeDefined();
		expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(1_000);
	});

	it('how many a second: refused even alone, nothing is sent until the wait asked has passed; then the budget at once, then one alone', async () => {
		const share = new AccountFlow().share(100);
		const slots = await take(share, INITIAL_CONCURRENT_REQUESTS);
		// Three admitted in the last second: the service's budget.
		for (const slot of slots.slice(1)) slot.answered();
		slots[0].refused(1);
		const probe = await turnWithin(share, 50, 100);
		const refusedAt = Date.now();
		probe?.refused(300);
		const budget = await take(share, 3, 200);
		expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(290);
		expect(budget).toHaveLength(3);
		// Spent: the next goes alone, once those in flight are answered.
		expect(await turnWithin(share, 50, 300)).toBeUndefined();
		for (const slot of budget) slot.answered();
		const alone = await turnWithin(share, 50, 301);
		expect(alone).toBeDefined();
		expect(await turnWithin(share, 50, 302)).toBeUndefined();
		// Admitted past the budget: two more go.
		alone?.answered();
		expect(await take(share, 2, 400)).toHaveLength(2);
	});

	it('lets go, without a turn, what is no longer to be sent', async () => {
		const share = new AccountFlow().share(1);
		await take(share, 1);
		let stopped = false;
		const waiting = share.acquire(1, () => stopped);
		stopped = true;
		share.dropStopped();
		expect(await waiting).toBeUndefined();
	});
});

describe('the flows of a process', () => {
	it('one flow per service account, shared; past the bound, a flow of its own that is not kept', async () => {
		expect(accountFlow('account-0')).toBe(accountFlow('account-0'));
		for (let index = 1; index < MAX_SHARED_ACCOUNTS; index++) accountFlow(`account-${index}`);
		expect(accountFlow('one-too-many')).not.toBe(accountFlow('one-too-many'));
		await wait(0);
	});
});

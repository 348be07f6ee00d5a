import { FlowControl, type Slot } from '../../nodes/Outreach/transport/flowControl';

/** Takes `count` turns that are available now, in order. */
async function take(flow: FlowControl, count: number, from = 0): Promise<Slot[]> {
	const slots: Slot[] = [];
	for (let index = 0; index < count; index++) {
		const slot = await flow.acquire(from + index, () => false);
		if (slot) slots.push(slot);
	}
	return slots;
}

/** Whether a turn comes within `ms`; a turn that does not is given up. */
async function turnWithin(flow: FlowControl, ms: number, order = 1_000): Promise<boolean> {
	let givenUp = false;
	const slot = flow.acquire(order, () => givenUp);
	const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));
	const result = await Promise.race([slot, timeout]);
	if (result) result.answered();
	else {
		givenUp = true;
		flow.dropStopped();
	}
	return result !== undefined;
}

describe('flow control of one node run', () => {
	it('gives at most its limit of turns at once, and more once half of them are answered', async () => {
		const flow = new FlowControl(4);
		const slots = await take(flow, 4);
		expect(await turnWithin(flow, 50)).toBe(false);
		slots[0].answered();
		expect(await turnWithin(flow, 50)).toBe(false);
		slots[1].answered();
		expect(await take(flow, 2, 10)).toHaveLength(2);
		expect(await turnWithin(flow, 50)).toBe(false);
	});

	it('with a limit of one, gives the next turn as soon as the last is answered', async () => {
		const flow = new FlowControl(1);
		const [slot] = await take(flow, 1);
		expect(await turnWithin(flow, 50)).toBe(false);
		slot.answered();
		expect(await turnWithin(flow, 50)).toBe(true);
	});

	it('gives turns in order, whatever order they were asked in', async () => {
		const flow = new FlowControl(1);
		const [held] = await take(flow, 1);
		const order: number[] = [];
		const waiting = [5, 2, 9, 1].map((n) =>
			flow
				.acquire(n, () => false)
				.then((slot) => {
					order.push(n);
					slot?.answered();
				}),
		);
		held.answered();
		await Promise.all(waiting);
		expect(order).toEqual([1, 2, 5, 9]);
	});

	it('after a refusal, waits as asked and has fewer in flight than when it came', async () => {
		const flow = new FlowControl(10);
		const slots = await take(flow, 10);
		const started = Date.now();
		// Ten were in flight and six refused: the run settles at four in flight.
		for (const slot of slots.slice(0, 6)) slot.refused(200);
		for (const slot of slots.slice(6)) slot.answered();
		expect(await turnWithin(flow, 100)).toBe(false);
		const next = await take(flow, 4, 100);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
		expect(next).toHaveLength(4);
		expect(await turnWithin(flow, 50)).toBe(false);
	});

	it('lets go, without a turn, what is no longer to be sent', async () => {
		const flow = new FlowControl(1);
		await take(flow, 1);
		let stopped = false;
		const waiting = flow.acquire(1, () => stopped);
		stopped = true;
		flow.dropStopped();
		expect(await waiting).toBeUndefined();
	});
});

import { getEventListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

import { RequestEnds } from '../../nodes/Outreach/transport/wire/requestEnds';

describe('how a request ends early', () => {
	it('Stop aborts every request under way, and no request already over', () => {
		const stop = new AbortController();
		const ends = new RequestEnds(stop.signal);
		const over = ends.begin(60_000);
		over.close();
		const under = Array.from({ length: 25 }, () => ends.begin(60_000));

		stop.abort(new Error('stopped'));

		expect(under.every((end) => end.signal.aborted)).toBe(true);
		expect(under[0].signal.reason).toEqual(new Error('stopped'));
		expect(under.some((end) => end.timedOut)).toBe(false);
		expect(over.signal.aborted).toBe(false);
		for (const end of under) end.close();
	});

	it('holds one listener on Stop while requests are under way, and none once they are over', async () => {
		const stop = new AbortController();
		const ends = new RequestEnds(stop.signal);
		const warnings: Error[] = [];
		const onWarning = (warning: Error) => warnings.push(warning);
		process.on('warning', onWarning);
		try {
			const under = Array.from({ length: 50 }, () => ends.begin(60_000));
			expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
			for (const end of under) end.close();
			expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
			ends.begin(60_000).close();
			expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
			// Warnings are emitted on the next tick.
			await new Promise(setImmediate);
		} finally {
			process.off('warning', onWarning);
		}
		expect(warnings).toEqual([]);
	});

	it('a request already stopped begins aborted', () => {
		const stop = new AbortController();
		stop.abort(new Error('stopped'));
		const end = new RequestEnds(stop.signal).begin(60_000);
		expect(end.signal.aborted).toBe(true);
		end.close();
	});

	it('the timeout aborts the request and tells its waiter, even after a Stop; a request closed in time is left alone', async () => {
		const stop = new AbortController();
		const ends = new RequestEnds(stop.signal);
		const late = ends.begin(30);
		const stopped = ends.begin(30);
		const closed = ends.begin(30);
		closed.close();
		const told: string[] = [];
		late.onTimeout((reason) => told.push(`late ${reason.name}`));
		stopped.onTimeout((reason) => told.push(`stopped ${reason.name}`));
		closed.onTimeout(() => told.push('closed'));
		stopped.stop(new Error('stopped'));
		expect(late.timedOut).toBe(false);

		await sleep(100);

		expect(late.timedOut).toBe(true);
		expect(late.signal.aborted).toBe(true);
		expect((late.signal.reason as DOMException).name).toBe('TimeoutError');
		expect(told).toEqual(['late TimeoutError', 'stopped TimeoutError']);
		expect(closed.signal.aborted).toBe(false);
		const after: string[] = [];
		late.onTimeout((reason) => after.push(reason.name));
		expect(after).toEqual(['TimeoutError']);
		late.close();
		stopped.close();
	});

	it('each request ends at its own deadline, a shorter one begun later first', async () => {
		const ends = new RequestEnds();
		const started = Date.now();
		const long = ends.begin(1_000);
		const short = ends.begin(30);
		const endedAt = async (end: typeof long) =>
			await new Promise<number>((resolve) => end.onTimeout(() => resolve(Date.now() - started)));

		const [shortMs, longMs] = await Promise.all([endedAt(short), endedAt(long)]);

		expect(shortMs).toBeGreaterThanOrEqual(29);
		expect(shortMs).toBeLessThan(900);
		expect(longMs).toBeGreaterThanOrEqual(999);
		short.close();
		long.close();
	});

	it('a timeout longer than a timer keeps, or not whole, still waits and still ends', async () => {
		const ends = new RequestEnds();
		const forever = ends.begin(3_000_000_000);
		const fraction = ends.begin(20.5);
		await sleep(100);
		expect(fraction.timedOut).toBe(true);
		expect(forever.timedOut).toBe(false);
		forever.close();
		fraction.close();
	});
});

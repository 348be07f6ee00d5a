// What the gate learns of a service's limit from its refusals, driven request by request on a clock
// of the test's own, so that every moment is exact.
import { ServiceLimit, type Sent } from '../../nodes/Outreach/transport/flow/limits';

let now = 1_000_000_000;
beforeAll(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
afterAll(() => jest.restoreAllMocks());

/** What the limit learned, for the assertions. */
interface Learned {
	kind: string;
	allowedInFlight: number;
	budget: number;
	admittedInFull: number;
	secondsFrom: number;
}

/** One service account's limit, with what is in flight as the gate keeps it. */
class Account {
	readonly limit = new ServiceLimit();
	inFlight = 0;
	private turns = 0;

	constructor(runLimit = 100) {
		this.limit.joined(runLimit);
	}

	get learned(): Learned {
		return this.limit as unknown as Learned;
	}

	/**
	 * A request now, or when the next may go (a moment, or false until an answer), `waiting` waiting
	 * or yet to ask.
	 */
	send(waiting = 10_000): Sent | number | false {
		const allowed = this.limit.allows(this.inFlight, now, waiting);
		if (allowed !== true) return allowed;
		const turn = ++this.turns;
		this.inFlight++;
		return this.limit.sent(now, this.inFlight, () => turn === this.turns);
	}

	/** Every request that may go now, at most `most`. */
	burst(most = Infinity, waiting = 10_000): Sent[] {
		const sent: Sent[] = [];
		while (sent.length < most) {
			const next = this.send(waiting);
			if (typeof next !== 'object') break;
			sent.push(next);
		}
		return sent;
	}

	admit(...sent: Sent[]): void {
		for (const each of sent) {
			this.inFlight--;
			this.limit.answered(each);
		}
	}

	refuse(waitMs: number, ...sent: Sent[]): void {
		for (const each of sent) {
			this.inFlight--;
			this.limit.refused(each, waitMs);
		}
	}

	skip(sent: Sent): void {
		this.inFlight--;
		this.limit.unused(sent);
	}

	/** Waits until the next request may go. */
	waitForTurn(): void {
		const next = this.send();
		if (typeof next !== 'number') throw new Error(`expected a moment, got ${String(next)}`);
		now = next;
	}

	/**
	 * The service admits `admitted` of a burst and refuses the rest, asking to wait `waitMs`: every
	 * request since its first refusal was refused, so it limits how many a second.
	 */
	learnASecond(admitted: number, waitMs: number): void {
		const first = this.burst(admitted + 10);
		now += 10;
		this.admit(...first.slice(0, admitted));
		this.refuse(waitMs, ...first.slice(admitted));
		expect(this.send()).not.toBe(false);
		expect(this.learned.kind).toBe('a second');
	}

	/** Every request that may go this second, each admitted as it goes; how many went. */
	admitSecond(waiting = 10_000): number {
		let count = 0;
		for (let next = this.send(waiting); typeof next === 'object'; next = this.send(waiting)) {
			this.admit(next);
			count++;
		}
		return count;
	}
}

/** 100 a second learned; each second's burst admitted until a growth step: its second, its burst. */
function untilBudgetStep(account: Account) {
	account.learnASecond(100, 500);
	account.waitForTurn();
	let second = now;
	let atOnce = account.burst();
	while (account.learned.budget === 100) {
		account.admit(...atOnce);
		second += 1_000;
		now = second;
		atOnce = account.burst();
		expect(atOnce).toHaveLength(100);
	}
	return { second, atOnce };
}

describe('nothing refused yet', () => {
	it('the largest run’s Max Concurrent Requests in flight from the first request, one more for each of those admitted', () => {
		const account = new Account(25);
		const first = account.burst();
		expect(first).toHaveLength(25);
		account.admit(...first);
		expect(account.burst()).toHaveLength(26);
	});
});

describe('how many at once', () => {
	it('one fewer in flight for each refusal; then one request alone, once nothing else is in flight; admitted, what is left holds', () => {
		const account = new Account(25);
		const first = account.burst();
		now += 5;
		account.refuse(1_000, ...first.slice(3));
		// Alone: nothing more until those in flight are answered.
		expect(account.send()).toBe(false);
		account.admit(...first.slice(0, 3));
		const alone = account.burst();
		expect(alone).toHaveLength(1);
		account.admit(...alone);
		expect(account.learned.kind).toBe('at once');
		expect(account.burst()).toHaveLength(3);
	});

	it('refusals that come back while admitted answers drain lower it by one each, not to what is still in flight', () => {
		const account = new Account();
		const first = account.burst(25);
		now += 10;
		account.admit(...first.slice(0, 10));
		account.refuse(1_000, ...first.slice(10, 15));
		account.admit(...first.slice(15, 20));
		account.refuse(1_000, ...first.slice(20));
		const alone = account.burst();
		account.admit(...alone);
		expect(account.burst()).toHaveLength(90);
	});

	it('a turn not used: the request to go alone is the next one, not an answer never to come', () => {
		const account = new Account(10);
		const first = account.burst();
		account.refuse(1_000, ...first.slice(3));
		account.admit(...first.slice(0, 3));
		account.skip(account.burst()[0]);
		const alone = account.burst();
		expect(alone).toHaveLength(1);
		expect(account.send()).toBe(false);
		account.admit(...alone);
		expect(account.burst()).toHaveLength(3);
	});

	it('a limit at once admits requests sent after its refusals came back: one fewer in flight for each refusal, however many', () => {
		const account = new Account(25);
		const first = account.burst();
		account.refuse(1_000, ...first.slice(10));
		account.admit(...first.slice(0, 10));
		account.admit(...account.burst());
		for (let round = 0; round < 5; round++) {
			const sent = account.burst();
			now += 10;
			account.refuse(1_000, sent[0]);
			account.admit(...sent.slice(1));
		}
		expect(account.learned).toMatchObject({ kind: 'at once', allowedInFlight: 5 });
	});

	it('a request refused though it went alone: the service limits how many a second after all', () => {
		const account = new Account(25);
		const first = account.burst();
		account.refuse(1_000, ...first.slice(3));
		account.admit(...first.slice(0, 3));
		account.admit(...account.burst());
		account.admit(...account.burst());
		const alone = account.burst(1);
		account.refuse(1_000, ...alone);
		expect(account.learned.kind).toBe('a second');
	});
});

describe('how many a second', () => {
	it('refused alone: the budget is what it admitted in the second before; nothing goes until the wait asked has passed, then each second the budget at once and no more', () => {
		const account = new Account();
		account.learnASecond(20, 737);
		const backAt = now + 737;
		expect(account.learned).toMatchObject({ budget: 20, secondsFrom: backAt });
		expect(account.send()).toBe(backAt);
		now = backAt;
		const second = account.burst();
		expect(second).toHaveLength(20);
		expect(account.send()).toBe(backAt + 1_000);
		account.admit(...second);
		now = backAt + 1_000;
		// Too few wait for a growth step.
		expect(account.admitSecond(10)).toBe(20);
	});

	it('a wait within a second (an HTTP date) marks the end of a window: what that window admitted goes at once, beyond it one at a time', () => {
		const account = new Account();
		// Ten admitted in the window before, then twenty in the one that refuses.
		account.admit(...account.burst(10));
		now += 500;
		account.learnASecond(20, 600);
		expect(account.learned).toMatchObject({ budget: 30, admittedInFull: 20 });
		account.waitForTurn();
		const atOnce = account.burst();
		expect(atOnce).toHaveLength(20);
		account.admit(...atOnce);
		const beyond = account.burst();
		expect(beyond).toHaveLength(1);
		now += 5;
		// Refused beyond: the budget is what went before it.
		account.refuse(600, ...beyond);
		expect(account.learned.budget).toBe(20);
	});

	it('a wait of one second in whole seconds: one request every 100 ms from the refused one looks for the window; the seconds begin when the first admitted went', () => {
		const account = new Account();
		const sentAt = now;
		account.learnASecond(20, 1_000);
		expect(account.send()).toBe(sentAt + 100);
		now = sentAt + 100;
		const early = account.burst();
		expect(early).toHaveLength(1);
		expect(account.send()).toBe(sentAt + 200);
		now += 5;
		account.refuse(1_000, ...early);
		now = sentAt + 200;
		const edge = account.burst();
		expect(edge).toHaveLength(1);
		now += 5;
		account.admit(...edge);
		expect(account.learned.secondsFrom).toBe(sentAt + 200);
		// The search's request counts in the first second.
		expect(account.burst()).toHaveLength(19);
		expect(account.send()).toBe(sentAt + 1_200);
	});

	it('the search ends when the wait does: a window of a second is over by then', () => {
		const account = new Account();
		const sentAt = now;
		account.learnASecond(20, 1_000);
		const refusedAt = now;
		for (let step = 1; step <= 10; step++) {
			account.waitForTurn();
			expect(now).toBe(sentAt + step * 100);
			account.refuse(1_000, ...account.burst());
		}
		account.waitForTurn();
		expect(now).toBe(refusedAt + 1_000);
		expect(account.burst()).toHaveLength(20);
	});

	it('a longer wait in whole seconds (a window of a minute, a penalty) is waited out: nothing goes to search', () => {
		const account = new Account();
		account.learnASecond(20, 40_000);
		expect(account.send()).toBe(now + 40_000);
	});

	it('refused in the second half of its budget: the budget is what went before it, and the other refusals of that burst say nothing new', () => {
		const account = new Account();
		account.learnASecond(20, 500);
		account.waitForTurn();
		const burst = account.burst();
		now += 10;
		account.admit(...burst.slice(0, 15));
		account.refuse(500, burst[15]);
		account.refuse(500, ...burst.slice(16).reverse());
		expect(account.learned.budget).toBe(15);
	});

	it('refused early in a second: the window still held the second before; the seconds begin again when the service said, and refusals of requests sent before say nothing new', () => {
		const account = new Account();
		account.learnASecond(20, 500);
		account.waitForTurn();
		const burst = account.burst();
		now += 10;
		account.admit(burst[0], burst[1]);
		account.refuse(300, burst[2]);
		expect(account.learned.secondsFrom).toBe(now + 300);
		expect(account.send()).toBe(now + 300);
		account.refuse(300, ...burst.slice(3));
		expect(account.learned).toMatchObject({ budget: 20, secondsFrom: now + 300 });
	});

	it('no request in the last 200 ms of a second: it could count in the service’s next window', () => {
		const account = new Account();
		account.learnASecond(20, 500);
		account.waitForTurn();
		const began = now;
		now = began + 810;
		expect(account.send()).toBe(began + 1_000);
	});

	it('a slow answer beyond what goes at once does not hold back the next second’s budget', () => {
		const account = new Account();
		account.admit(...account.burst(10));
		now += 500;
		account.learnASecond(20, 600);
		account.waitForTurn();
		const began = now;
		account.admit(...account.burst());
		const slow = account.burst();
		expect(slow).toHaveLength(1);
		expect(account.send()).toBe(began + 1_000);
		now = began + 1_000;
		expect(account.burst()).toHaveLength(20);
		account.admit(...slow);
	});

	it('a service that admitted one a second and refuses that one still gets a request each second', () => {
		const account = new Account();
		account.learnASecond(1, 500);
		account.waitForTurn();
		const [first] = account.burst();
		now += 5;
		account.refuse(500, first);
		expect(account.learned.budget).toBe(1);
		account.waitForTurn();
		expect(account.burst()).toHaveLength(1);
	});
});

describe('growth after a calm stretch', () => {
	it('how many at once: one more in flight, while at least two seconds of requests wait; refused, the next step waits twice as long', () => {
		const account = new Account(25);
		const first = account.burst();
		account.refuse(1_000, ...first.slice(3));
		account.admit(...first.slice(0, 3));
		account.admit(...account.burst());
		/** Rounds of 15 ms until four go at once; when they did. */
		const untilStep = (waiting: number) => {
			for (let round = 0; round < 400; round++) {
				now += 15;
				const sent = account.burst(Infinity, waiting);
				if (sent.length === 4) return { at: now, sent };
				expect(sent).toHaveLength(3);
				account.admit(...sent);
			}
			return undefined;
		};
		// Near the end of a run no step is tried: its refusal would cost that request its wait.
		expect(untilStep(10)).toBeUndefined();
		const step = untilStep(10_000);
		expect(step).toBeDefined();
		// The service refuses the step's request: three again, and a calm stretch of two seconds first.
		account.refuse(1_000, step!.sent[3]);
		account.admit(...step!.sent.slice(0, 3));
		expect(untilStep(10_000)!.at - step!.at).toBeGreaterThanOrEqual(2_000);
	});

	it('how many a second: a tenth more a second, beyond what the service admitted in full one at a time, so that its refusal costs one', () => {
		const account = new Account(200);
		const { second, atOnce } = untilBudgetStep(account);
		expect(account.learned.budget).toBe(110);
		// The step's requests wait for what went at once to be answered.
		expect(account.send()).toBe(second + 1_000);
		account.admit(...atOnce);
		const beyond = account.burst();
		expect(beyond).toHaveLength(1);
		account.refuse(500, ...beyond);
		expect(account.learned.budget).toBe(100);
	});

	it('how many a second: a step’s requests go one at a time until the next step, even once admitted (a window that had not counted the rest of their second admits them all)', () => {
		const account = new Account(200);
		const { second, atOnce } = untilBudgetStep(account);
		account.admit(...atOnce);
		expect(account.admitSecond()).toBe(10);
		now = second + 1_000;
		const next = account.burst();
		expect(next).toHaveLength(100);
		account.admit(...next);
		const beyond = account.burst();
		expect(beyond).toHaveLength(1);
		// The service's window counts the whole second now: the step's first request is its only refusal.
		account.refuse(500, ...beyond);
		expect(account.learned.budget).toBe(100);
	});
});

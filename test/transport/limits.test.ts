// What the gate learns of a service that admits a number of requests a second, driven request by
// request on a clock of the test's own, so that every moment is exact.
import { ServiceLimit, type Sent } from '../../nodes/Outreach/transport/flow/limits';
import { SecondBudget } from '../../nodes/Outreach/transport/flow/secondBudget';

let now = 1_000_000_000;
beforeAll(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
afterAll(() => jest.restoreAllMocks());

/** What a SecondBudget learned, for the assertions. */
interface SecondBudgetState {
	held: number;
	rate: number;
	seconds: { from: number };
	paced?: { rate: number };
}

/** One service account's limit, with what is in flight as the gate keeps it. */
class Account {
	readonly limit = new ServiceLimit();
	inFlight = 0;
	private turns = 0;

	constructor() {
		this.limit.joined(100);
	}

	/** What the limit learned, for the assertions. */
	get learned(): { held: number; rate: number; bursts: boolean; secondsFrom: number } {
		const { held, rate, seconds, paced } = this.seconds!;
		return { held, secondsFrom: seconds.from, rate: paced?.rate ?? rate, bursts: !paced };
	}

	/** Whether the limit is read as a number of requests a second. */
	get aSecond(): boolean {
		return this.seconds !== undefined;
	}

	private get seconds() {
		return (this.limit as unknown as { seconds?: SecondBudgetState }).seconds;
	}

	/** A request now, or when the next may go (a moment, or false until an answer). */
	send(): Sent | number | false {
		const allowed = this.limit.allows(this.inFlight, now, 10_000);
		if (allowed !== true) return allowed;
		const turn = ++this.turns;
		this.inFlight++;
		return this.limit.sent(now, this.inFlight, () => turn === this.turns);
	}

	/** Every request that may go now, at most `most`. */
	burst(most = Infinity): Sent[] {
		const sent: Sent[] = [];
		while (sent.length < most) {
			const next = this.send();
			if (typeof next !== 'object') break;
			sent.push(next);
		}
		return sent;
	}

	admit(sent: Sent): void {
		this.inFlight--;
		this.limit.answered(sent);
	}

	refuse(sent: Sent, waitMs: number): void {
		this.inFlight--;
		this.limit.refused(sent, waitMs);
	}

	/** The turn `sent` was given is not used. */
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

	/** The next second, once a burst was refused: its first request alone (admitted), then the rest at once. */
	afterRefusal(): Sent[] {
		this.waitForTurn();
		const first = this.burst();
		expect(first).toHaveLength(1);
		now += 5;
		this.admit(first[0]);
		return this.burst();
	}

	/**
	 * The service admitted twenty in a second, then refused and asked 300 ms: the first second after
	 * begins, with what goes at once.
	 */
	firstSecondAfterLearning(): { began: number; half: Sent[] } {
		const first = this.burst(21);
		now += 10;
		first.slice(0, 20).forEach((sent) => this.admit(sent));
		this.refuse(first[20], 300);
		this.waitForTurn();
		return { began: now, half: this.burst() };
	}

	/**
	 * The service admitted twenty in a second, then refused and asked 300 ms; the first second after
	 * goes half at once and half one at a time. Returns when that second began.
	 */
	learnTwentyASecond(): number {
		const { began, half } = this.firstSecondAfterLearning();
		expect(half).toHaveLength(10);
		now += 10;
		half.forEach((sent) => this.admit(sent));
		for (let request = 0; request < 10; request++) this.admit(this.send() as Sent);
		expect(this.learned.held).toBe(20);
		return began;
	}
}

describe('a service admitting a number of requests a second', () => {
	it('a burst refused early in a second, once: the other refusals of that burst say nothing new, and nothing goes before the seconds begin again', () => {
		const account = new Account();
		const began = account.learnTwentyASecond();
		now = began + 1_000;
		const whole = account.burst();
		now += 10;
		whole.forEach((sent) => account.admit(sent));
		account.waitForTurn();
		const burst = account.burst();
		expect(burst).toHaveLength(20);
		now += 20;
		// The service's window still held the second before: it admits two and refuses the rest.
		account.admit(burst[0]);
		account.admit(burst[1]);
		account.refuse(burst[2], 1_000);
		expect(account.learned.secondsFrom).toBeGreaterThan(now);
		expect(account.send()).toBe(account.learned.secondsFrom);
		for (const sent of burst.slice(3)) account.refuse(sent, 1_000);
		expect(account.learned.bursts).toBe(true);
		expect(account.learned.rate).toBe(20);
	});

	it('refused late in a second: the seconds move to a second after the last request of the second before, sooner than a wait in whole seconds, and the next first request goes alone', () => {
		const account = new Account();
		const began = account.learnTwentyASecond();
		now = began + 1_000;
		const most = account.burst(19);
		now += 10;
		most.forEach((sent) => account.admit(sent));
		// The second's last request goes late in it: the service's next window may hold it.
		now = began + 1_950;
		account.admit(account.burst(1)[0]);
		now = began + 2_000;
		const burst = account.burst();
		expect(burst).toHaveLength(20);
		now += 10;
		burst.slice(0, 10).forEach((sent) => account.admit(sent));
		account.refuse(burst[10], 1_000);
		expect(account.learned.held).toBe(10);
		expect(account.learned.secondsFrom).toBe(began + 2_950);
		for (const sent of burst.slice(11)) account.refuse(sent, 1_000);
		account.waitForTurn();
		expect(now).toBe(began + 2_950);
		expect(account.burst()).toHaveLength(1);
	});

	it('a second whose first request goes late in it: that one goes alone, the others wait for the next second, clear of the service’s next window', () => {
		const account = new Account();
		const began = account.learnTwentyASecond();
		now = began + 1_300;
		const late = account.burst();
		expect(late).toHaveLength(1);
		now += 10;
		account.admit(late[0]);
		expect(account.send()).toBe(began + 2_000);
		now = began + 2_000;
		expect(account.burst()).toHaveLength(20);
	});

	it('late in a second, a slow request of an earlier second in flight: the next request waits for the next second at most, not for that answer', () => {
		const account = new Account();
		const began = account.learnTwentyASecond();
		now = began + 1_000;
		const slow = account.burst(1);
		now = began + 2_300;
		expect(account.send()).toBe(began + 3_000);
		now = began + 3_000;
		// After a second without requests, its first goes alone, then the rest at once.
		const alone = account.burst();
		expect(alone).toHaveLength(1);
		now += 10;
		account.admit(alone[0]);
		expect(account.burst()).toHaveLength(19);
		account.admit(slow[0]);
	});

	it('beyond what goes at once, a slow request in flight: the next second’s budget goes at its start, not after that answer', () => {
		const account = new Account();
		const { began, half } = account.firstSecondAfterLearning();
		now += 10;
		half.forEach((sent) => account.admit(sent));
		const beyond = account.burst();
		expect(beyond).toHaveLength(1);
		expect(account.send()).toBe(began + 1_000);
		now = began + 1_000;
		expect(account.burst()).toHaveLength(10);
		account.admit(beyond[0]);
	});

	it('refused early in the first second after learning: the wait the service asked stands', () => {
		const account = new Account();
		const { half } = account.firstSecondAfterLearning();
		now += 20;
		account.admit(half[0]);
		account.refuse(half[1], 1_000);
		expect(account.learned.secondsFrom).toBe(now + 1_000);
		for (const sent of half.slice(2)) account.refuse(sent, 1_000);
		expect(account.learned.bursts).toBe(true);
	});

	it('refused late in a second with a short wait: the later refusals of that burst do not lower the budget again', () => {
		const account = new Account();
		const began = account.learnTwentyASecond();
		now = began + 1_000;
		const burst = account.burst();
		now += 30;
		burst.slice(0, 15).forEach((sent) => account.admit(sent));
		account.refuse(burst[15], 60);
		now += 70;
		for (const sent of burst.slice(16).reverse()) account.refuse(sent, 60);
		expect(account.learned.held).toBe(15);
		expect(account.learned.rate).toBe(20);
	});

	it('once the whole estimate was admitted in a second, a growth step raises what goes at once by one a second, though more were admitted', () => {
		const account = new Account();
		let second = account.learnTwentyASecond();
		// Calm seconds of twenty each, until a step of a tenth more is tried.
		while (account.learned.rate < 21) {
			second += 1_000;
			now = second;
			for (let next = account.send(); typeof next === 'object'; next = account.send())
				account.admit(next);
		}
		// The next second: twenty at once, then the step's requests one at a time, each admitted (the
		// second spans two of the service's windows).
		now = second + 1_000;
		let sent = 0;
		for (let next = account.send(); typeof next === 'object'; next = account.send()) {
			account.admit(next);
			sent++;
		}
		expect(sent).toBeGreaterThan(21);
		expect(account.learned.held).toBe(21);
	});

	it('paced once a second burst is refused before its end: at what it admitted in full, not at what the refused burst had answered', () => {
		const account = new Account();
		const began = account.learnTwentyASecond();
		now = began + 1_000;
		let burst = account.burst();
		now += 10;
		burst.slice(0, 19).forEach((sent) => account.admit(sent));
		account.refuse(burst[19], 1_000);
		expect(account.learned.held).toBe(19);
		burst = account.afterRefusal();
		now += 10;
		burst.slice(0, 14).forEach((sent) => account.admit(sent));
		account.refuse(burst[14], 1_000);
		burst.slice(15).forEach((sent) => account.refuse(sent, 1_000));
		burst = account.afterRefusal();
		now += 10;
		burst.slice(0, 2).forEach((sent) => account.admit(sent));
		account.refuse(burst[8], 1_000);
		expect(account.learned.bursts).toBe(false);
		expect(account.learned.rate).toBeGreaterThanOrEqual(9);
	});
});

describe('the first refusals', () => {
	/**
	 * Of 25 sent, the service admits and refuses in turns (`refusedLater` of the last ten refused, after
	 * some admitted answers came back); then the request sent alone is admitted: a limit at once.
	 */
	function readAtOnce(account: Account, refusedLater: number): void {
		const first = account.burst(25);
		now += 10;
		first.slice(0, 10).forEach((sent) => account.admit(sent));
		first.slice(10, 15).forEach((sent) => account.refuse(sent, 1_000));
		now += 10;
		first.slice(15, 25 - refusedLater).forEach((sent) => account.admit(sent));
		first.slice(25 - refusedLater).forEach((sent) => account.refuse(sent, 1_000));
		// Nothing in flight: the request sent alone goes, and is admitted (the service's window was over).
		const alone = account.burst();
		expect(alone).toHaveLength(1);
		now += 10;
		account.admit(alone[0]);
	}

	/**
	 * Read as a limit at once; then of a burst of 95 the service admits 15 and refuses 48 (more than
	 * half). Returns the 32 still in flight.
	 */
	function refuseMostOfABurst(account: Account): Sent[] {
		readAtOnce(account, 0);
		const together = account.burst();
		expect(together).toHaveLength(95);
		now += 10;
		together.slice(0, 15).forEach((sent) => account.admit(sent));
		together.slice(15, 63).forEach((sent) => account.refuse(sent, 1_000));
		return together.slice(63);
	}

	it('refusals that come back while admitted answers drain lower what goes at once by one each, not to what is still in flight', () => {
		const account = new Account();
		readAtOnce(account, 5);
		expect(account.burst()).toHaveLength(90);
	});

	it('once read as a limit on how many at once, more than half of what was in flight refused, and one sent after those refusals came back too, before one sent since is admitted: a limit a second (that request went just after its window turned)', () => {
		const account = new Account();
		refuseMostOfABurst(account);
		expect(account.aSecond).toBe(false);
		const later = account.burst(1);
		now += 10;
		const refusedAt = now;
		account.refuse(later[0], 1_000);
		expect(account.aSecond).toBe(true);
		// Where its windows begin is looked for from the last refused request on.
		expect(account.send()).toBe(refusedAt - 10 + 100);
	});

	it('a limit on how many at once far below what was in flight: most of a burst refused together is lowered one each, while requests sent after are admitted', () => {
		const account = new Account();
		readAtOnce(account, 0);
		const together = account.burst();
		now += 10;
		together.slice(0, 3).forEach((sent) => account.admit(sent));
		together.slice(3).forEach((sent) => account.refuse(sent, 1_000));
		expect(account.aSecond).toBe(false);
		const later = account.burst();
		expect(later).toHaveLength(3);
		now += 10;
		later.forEach((sent) => account.admit(sent));
		expect(account.aSecond).toBe(false);
		expect(account.limit).toMatchObject({ kind: 'at once', window: 3 });
	});

	it('a limit on how many at once that answers fast admits many of a burst far above it: requests sent after the refusals, some refused first, one admitted, keep it a limit at once', () => {
		const account = new Account();
		readAtOnce(account, 0);
		const together = account.burst();
		now += 5;
		// It admits 4 at once and, as each is done, the next to arrive.
		together.slice(0, 4).forEach((sent) => account.admit(sent));
		together.slice(4, 20).forEach((sent) => account.refuse(sent, 1_000));
		together.slice(20, 24).forEach((sent) => account.admit(sent));
		together.slice(24).forEach((sent) => account.refuse(sent, 1_000));
		const later = account.burst();
		expect(later).toHaveLength(8);
		// A refusal comes back before an admitted request's answer.
		now += 1;
		later.slice(4).forEach((sent) => account.refuse(sent, 1_000));
		expect(account.aSecond).toBe(false);
		now += 4;
		later.slice(0, 4).forEach((sent) => account.admit(sent));
		expect(account.aSecond).toBe(false);
		expect(account.limit).toMatchObject({ kind: 'at once', window: 4 });
	});

	it('once read as a limit on how many at once, a limit a second only when every request sent after the refusals came back has come back refused', () => {
		const account = new Account();
		refuseMostOfABurst(account);
		const later = account.burst(2);
		expect(later).toHaveLength(2);
		now += 10;
		account.refuse(later[0], 1_000);
		expect(account.aSecond).toBe(false);
		account.refuse(later[1], 1_000);
		expect(account.aSecond).toBe(true);
	});

	it('once read as a limit on how many at once, a request that went in the millisecond the first refusal came back, before it, is not one sent after the refusals', () => {
		const account = new Account();
		readAtOnce(account, 0);
		const together = account.burst();
		now += 10;
		together.slice(0, 15).forEach((sent) => account.admit(sent));
		const before = account.burst(1);
		together.slice(15, 63).forEach((sent) => account.refuse(sent, 1_000));
		now += 10;
		account.refuse(before[0], 1_000);
		expect(account.aSecond).toBe(false);
		const later = account.burst(1);
		account.refuse(later[0], 1_000);
		expect(account.aSecond).toBe(true);
	});

	it('once read as a limit on how many at once, requests sent after the refusals whose turns went unused, or that hang for 5 s, are not waited for', () => {
		const unused = new Account();
		refuseMostOfABurst(unused);
		const later = unused.burst(2);
		unused.skip(later[1]);
		unused.refuse(later[0], 1_000);
		expect(unused.aSecond).toBe(true);

		const hanging = new Account();
		const running = refuseMostOfABurst(hanging);
		const sentAfter = hanging.burst(3);
		hanging.refuse(sentAfter[0], 1_000);
		now += 4_990;
		hanging.refuse(sentAfter[1], 1_000);
		expect(hanging.aSecond).toBe(false);
		now += 10;
		hanging.refuse(running[0], 1_000);
		expect(hanging.aSecond).toBe(true);
	});

	it('a limit on how many at once admits a request sent after its refusals came back: one fewer in flight for each, however many', () => {
		const account = new Account();
		readAtOnce(account, 0);
		const before = account.burst();
		for (let round = 0; round < 20; round++) {
			now += 10;
			before.splice(0, 3).forEach((sent) => account.refuse(sent, 1_000));
			account.admit(before.shift()!);
			const later = account.burst();
			expect(later.length).toBeGreaterThan(0);
			now += 10;
			later.forEach((sent) => account.admit(sent));
		}
		expect(account.aSecond).toBe(false);
		expect(account.limit).toMatchObject({ kind: 'at once', window: 35 });
	});
});

describe('where the windows of a service limiting a second begin', () => {
	/** Twenty admitted, then ten refused with a wait of `waitMs`: the budget is learned. */
	function refused(account: Account, waitMs: number): number {
		const sentAt = now;
		const first = account.burst(30);
		now += 10;
		first.slice(0, 20).forEach((sent) => account.admit(sent));
		first.slice(20).forEach((sent) => account.refuse(sent, waitMs));
		return sentAt;
	}

	it('a wait of one second: one request every 100 ms from the refusal until one is admitted; the seconds begin just after it went, what the window before admitted at once', () => {
		const account = new Account();
		const sentAt = refused(account, 1_000);
		expect(account.send()).toBe(sentAt + 100);
		now = sentAt + 100;
		const early = account.burst();
		expect(early).toHaveLength(1);
		expect(account.send()).toBe(sentAt + 200);
		now += 5;
		account.refuse(early[0], 1_000);
		now = sentAt + 200;
		const edge = account.burst();
		now = sentAt + 300;
		const after = account.burst();
		expect([edge.length, after.length]).toEqual([1, 1]);
		now = sentAt + 350;
		account.admit(edge[0]);
		expect(account.learned.secondsFrom).toBe(sentAt + 250);
		expect(account.learned.held).toBe(20);
		// Two of the window's twenty went: the other eighteen go at once.
		expect(account.burst()).toHaveLength(18);
		expect(account.send()).toBe(sentAt + 1_250);
		account.admit(after[0]);
	});

	/**
	 * Five admitted at the start of a second, fifteen 200 ms into it, ten refused near its end (a
	 * wait of one second): the search's first request goes 100 ms after those.
	 */
	function twentyThenRefused(account: Account): number {
		const start = now;
		const early = account.burst(5);
		now = start + 200;
		const later = account.burst(15);
		now += 10;
		[...early, ...later].forEach((sent) => account.admit(sent));
		now = start + 950;
		const over = account.burst(10);
		now += 10;
		over.forEach((sent) => account.refuse(sent, 1_000));
		expect(account.send()).toBe(start + 1_050);
		now = start + 1_050;
		return start;
	}

	/**
	 * Admits a request of the search, which finds the edge `learned` names; once the gate's seconds
	 * begin there, what goes at once is sent and admitted, and returned.
	 */
	function edgeFound(
		account: Account,
		learned: { held: number; rate: number; secondsFrom: number },
	) {
		const [edge] = account.burst();
		now += 5;
		account.admit(edge);
		expect(account.learned).toMatchObject(learned);
		now = learned.secondsFrom;
		const held = account.burst();
		now += 10;
		held.forEach((sent) => account.admit(sent));
		return held;
	}

	it('once the edge is found, what the window before admitted goes at once, and beyond it up to half of what is left to the rate: a refusal there tells the budget', () => {
		const account = new Account();
		const start = twentyThenRefused(account);
		const [early] = account.burst();
		now += 5;
		account.refuse(early, 1_000);
		now = start + 1_150;
		expect(edgeFound(account, { held: 15, rate: 20, secondsFrom: start + 1_200 })).toHaveLength(14);
		const beyond = account.burst();
		expect(beyond).toHaveLength(3);
		now += 10;
		account.admit(beyond[0]);
		beyond.slice(1).forEach((sent) => account.refuse(sent, 1_000));
		expect(account.learned).toMatchObject({ held: 16, rate: 16, secondsFrom: start + 1_200 });
	});

	it('the search’s first request admitted: what goes at once stays the estimate (a bucket may have refilled by a few only), the seconds begin there', () => {
		const account = new Account();
		const start = twentyThenRefused(account);
		expect(edgeFound(account, { held: 10, rate: 20, secondsFrom: start + 1_100 })).toHaveLength(9);
		expect(account.burst()).toHaveLength(5);
	});

	it('the search ends a second after the last refused request went: a window of a second is over by then', () => {
		const account = new Account();
		const sentAt = refused(account, 1_000);
		for (let step = 1; step <= 9; step++) {
			expect(account.send()).toBe(sentAt + step * 100);
			now = sentAt + step * 100;
			const [edge] = account.burst();
			account.refuse(edge, 1_000);
		}
		expect(account.send()).toBe(sentAt + 10 + 1_000);
	});

	it('a longer wait in whole seconds (a window of a minute, a penalty) is waited out: nothing goes to search', () => {
		const account = new Account();
		refused(account, 40_000);
		expect(account.send()).toBe(now + 40_000);
	});

	it('a wait that is an HTTP date marks the window’s edge: nothing goes before it', () => {
		const account = new Account();
		const sentAt = now;
		const first = account.burst(30);
		now += 10;
		first.slice(0, 20).forEach((sent) => account.admit(sent));
		first.slice(20).forEach((sent) => account.refuse(sent, 737));
		expect(account.send()).toBe(sentAt + 10 + 737);
	});
});

describe('beyond what goes at once', () => {
	it('no request in the last quarter of a second: it could reach the service in its next window', () => {
		const account = new Account();
		const { began, half } = account.firstSecondAfterLearning();
		now += 10;
		half.forEach((sent) => account.admit(sent));
		now = began + 760;
		expect(account.send()).toBe(began + 1_000);
	});

	it('while what goes at once is an estimate: one more in flight beyond it for each admitted beyond it, up to half of what is left to the rate', () => {
		const account = new Account();
		const { half } = account.firstSecondAfterLearning();
		now += 10;
		half.slice(1).forEach((sent) => account.admit(sent));
		// Beyond it, nothing goes while what went at once is in flight.
		expect(account.burst()).toHaveLength(0);
		account.admit(half[0]);
		const together: number[] = [];
		for (let sent = account.burst(); sent.length > 0; sent = account.burst()) {
			together.push(sent.length);
			now += 10;
			sent.forEach((each) => account.admit(each));
		}
		// Two and one at the end: at most half of what is left to the rate, which may be more than the
		// service admits.
		expect(together).toEqual([1, 2, 4, 2, 1]);
		expect(account.learned.held).toBe(20);
	});

	it('refused beyond the estimate, however the refusals come back: the budget is what the service admitted of that second, and the seconds stay where they were', () => {
		const account = new Account();
		const { began, half } = account.firstSecondAfterLearning();
		now += 10;
		half.forEach((sent) => account.admit(sent));
		for (const size of [1, 2]) {
			const sent = account.burst();
			expect(sent).toHaveLength(size);
			now += 10;
			sent.forEach((each) => account.admit(each));
		}
		const [admitted, ...refused] = account.burst();
		expect(refused).toHaveLength(3);
		now += 10;
		account.admit(admitted);
		for (const sent of refused.reverse()) account.refuse(sent, 1_000);
		expect(account.learned.rate).toBe(14);
		expect(account.learned.secondsFrom).toBe(began);
	});
});

describe('a second budget that goes paced', () => {
	/** A budget learned at twenty a second, all twenty admitted in one second; the next one begins. */
	function twentyASecond(): SecondBudget {
		const budget = new SecondBudget(20, now, 0);
		for (let request = 0; request < 20; request++) {
			expect(budget.next(now, 0)).toBe(now);
			budget.admitted(budget.sent(now), now);
		}
		now += 1_000;
		return budget;
	}

	it('paced once a second burst is refused before its end: as fast as the service admitted in the last second (a bucket refilling), not only what went at once', () => {
		const budget = twentyASecond();
		const first = Array.from({ length: 20 }, () => budget.sent(now));
		now += 10;
		first.slice(0, 14).forEach((place) => budget.admitted(place, now));
		expect(budget.refused(first[14], false, now, 1_000, 20)).toBe(true);
		const next = budget.next(now, 0);
		if (next === false) throw new Error('expected a moment');
		now = next;
		const alone = budget.sent(now);
		budget.admitted(alone, now);
		const second = Array.from({ length: 13 }, () => budget.sent(now));
		now += 10;
		second.slice(0, 8).forEach((place) => budget.admitted(place, now));
		// Thirty admitted in the last second, fourteen of them at once: paced at a tenth below twenty.
		expect(budget.refused(second[8], false, now, 1_000, 30)).toBe(true);
		const { paced } = budget as unknown as SecondBudgetState;
		expect(paced?.rate).toBe(18);
	});
});

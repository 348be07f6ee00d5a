import type { IExecuteFunctions } from 'n8n-workflow';

import { RECORD_BUCKETS } from '../shared/constants';
import { NodeStore, type Run } from './store';
import { epochMark, sweep } from './sweep';

/** What the record says of one write's leads. */
export type Verdict =
	| { send: true }
	/** Every lead was reached within the window, at a moment between these two. */
	| { reached: [from: number, to: number] }
	/** Some of a campaign's leads were reached within the window (their positions). */
	| { partly: number[] };

/** Writes of this process waiting for their outcome, by workflow, node and lead. */
const pending = new Map<string, Promise<void>>();

/**
 * The durable record of the leads this node reached, in n8n's deduplication store (its database,
 * shared by every n8n process), so that a new execution for the same lead within the window (a
 * webhook delivered twice, a Retry handled elsewhere, a queue-mode job run again) calls nobody twice.
 * The store keeps hashes, by entry: each lead once per quarter of the window (RECORD_BUCKETS), reached
 * within the window when a quarter since its start holds it; the first run of every fifth quarter
 * sweeps out what is older (sweep.ts). A lead is recorded before its write is
 * sent, and taken back when nothing was sent or the service clearly refused it. The store reads and
 * writes back the whole record: in this process one run of the node at a time uses it, and waits for
 * another execution's write for the same lead; across processes, a run makes sure its leads are
 * recorded before it sends and once its writes are under way (keep()), and stands down for a lead
 * another execution checked at the same moment (reachedElsewhere()).
 */
export class LeadRecord {
	private readonly store: NodeStore;
	private readonly node: string;
	private readonly bucketMs: number;
	/** The run's stamp, written with its leads: n8n's store writes a record back whole (reachedElsewhere()). */
	private readonly stamp = `claim|${Math.random().toString(36).slice(2)}`;
	/** The leads the run found nowhere in the record. */
	private readonly fresh = new Set<string>();
	/** The quarter of the window the run's leads were recorded in. */
	private now = 0;
	private readonly taken: string[] = [];
	/** The run's stamp once it sends a lead: it goes once the run is over. */
	private stamps: string[] = [];
	/** The entries this run recorded for leads it sent. */
	private kept: string[] = [];
	private readonly settled: Array<() => void> = [];
	/** The looks once every write is under way (see underWay()): the error of the last, if it failed. */
	private looks?: Promise<Error | undefined>;
	/**
	 * The epoch's mark, when the run was the first to record it: it sweeps the record once its writes
	 * are over, or, reaching nobody, takes the mark back for the next run to sweep.
	 */
	private mark?: string;

	constructor(
		context: IExecuteFunctions,
		windowMs: number,
		/** The leads this execution reached: its own business (the execution's ledger). */
		private readonly mine: Set<string>,
	) {
		this.node = `${context.getWorkflow().id}|${context.getNode().id}`;
		this.store = new NodeStore(context, this.node);
		this.bucketMs = Math.max(1, windowMs / RECORD_BUCKETS);
	}

	private keys(lead: string, from: number, to: number): string[] {
		return Array.from({ length: to - from + 1 }, (_, bucket) => `${lead}|${from + bucket}`);
	}

	/**
	 * What the record says of each write's leads, recording those to be sent (`real`; a Dry Run
	 * records nothing). Within an execution, only an identical write is held back (its ledger).
	 */
	async check(writes: string[][], run: Run, real: boolean): Promise<Verdict[]> {
		const all = [...new Set(writes.flat())].filter((lead) => !this.mine.has(lead));
		for (;;) {
			await run.until(
				Promise.all(all.map(async (lead) => await pending.get(this.pendingKey(lead)))),
			);
			if (run.stopped) return writes.map(() => ({ send: true }));
			const verdicts = await this.store.withLock(async () => {
				if (all.some((lead) => pending.has(this.pendingKey(lead)))) return undefined;
				return await this.checkNow(writes, real);
			});
			if (!verdicts) continue;
			if (!real) return verdicts;
			const away = await this.reachedElsewhere(writes, verdicts, run);
			return await this.standDown(writes, verdicts, away);
		}
	}

	private pendingKey(lead: string): string {
		return `${this.node}|${lead}`;
	}

	private async checkNow(writes: string[][], real: boolean): Promise<Verdict[]> {
		const now = Math.floor(Date.now() / this.bucketMs);
		this.now = now;
		const first = now - RECORD_BUCKETS;
		const leads = [...new Set(writes.flat())];
		const asked = leads.flatMap((lead) => this.keys(lead, first, now));
		const mark = epochMark(this.bucketMs, now);
		const keys = real ? [mark, ...asked, this.stamp] : asked;
		const { processed } = await this.store.record(keys);
		const known = new Set(processed.map(String));
		const verdicts = writes.map((leads): Verdict => {
			const reached = leads.map((lead) => {
				const buckets = this.keys(lead, first, now).filter((key) => known.has(key));
				if (this.mine.has(lead) || buckets.length === 0) return undefined;
				return Number(buckets.at(-1)!.split('|').at(-1));
			});
			if (reached.every((bucket) => bucket === undefined)) return { send: true };
			if (reached.some((bucket) => bucket === undefined))
				return {
					partly: reached.flatMap((bucket, index) => (bucket === undefined ? [] : [index])),
				};
			const latest = Math.max(...(reached as number[]));
			return { reached: [latest * this.bucketMs, (latest + 1) * this.bucketMs] };
		});
		// Only the leads now sent stay recorded, in this quarter, with the run's stamp until the run is
		// over; the rest only answered the question, and go at once.
		const sent = real ? new Set(writes.filter((_, at) => 'send' in verdicts[at]).flat()) : [];
		for (const lead of sent) {
			if (!this.mine.has(lead)) this.fresh.add(lead);
			this.mine.add(lead);
			this.kept.push(`${lead}|${now}`);
			this.stamps = [this.stamp];
			let settle = () => undefined as void;
			pending.set(this.pendingKey(lead), new Promise<void>((resolve) => (settle = resolve)));
			this.settled.push(() => {
				pending.delete(this.pendingKey(lead));
				settle();
			});
		}
		const held = new Set([...this.kept, ...this.stamps, mark]);
		const answered = keys.filter((key) => !known.has(key) && !held.has(key));
		await this.store.remove(answered);
		if (real && !known.has(mark)) this.mark = mark;
		return verdicts;
	}

	/**
	 * Looks at the leads to be sent after a pause (keep()) and returns those another execution is
	 * reaching: two processes that checked a lead at the same moment each recorded it with a stamp of
	 * its own, and the one that wrote the record back last wrote the other's stamp over, with all the
	 * run recorded beside it. With the stamp gone, a lead whose entry is there is the other's to call;
	 * one whose entry is gone too was written over by a run for other leads, and is recorded again,
	 * with the stamp. The other leads of a write one of whose leads is another's are not recorded again.
	 */
	private async reachedElsewhere(
		writes: string[][],
		verdicts: Verdict[],
		run: Run,
	): Promise<Set<string>> {
		const away = new Set<string>();
		const dropped = () =>
			new Set(
				writes
					.filter((leads, at) => 'send' in verdicts[at] && leads.some((lead) => away.has(lead)))
					.flat(),
			);
		const looked = () => {
			const gone = dropped();
			const leads = [...this.fresh].filter((lead) => !gone.has(lead));
			return leads.length ? [...leads.map((lead) => `${lead}|${this.now}`), this.stamp] : [];
		};
		// The leads are recorded: a store failing now leaves the looking to close(), and what the looks
		// before found stands.
		await this.store
			.keep(looked(), 'pause', run, ({ processed, new: missing }) => {
				const found = new Set(processed.map(String));
				if (missing.map(String).includes(this.stamp))
					for (const lead of this.fresh) if (found.has(`${lead}|${this.now}`)) away.add(lead);
				return looked();
			})
			.catch(() => undefined);
		return away;
	}

	/**
	 * The verdicts once the leads `away` turned out to be another execution's: a write reaching one of
	 * them is not sent (a campaign's error names them), and what the run recorded for it goes at once,
	 * with the run's stamp (the looks before the writes leave are over).
	 */
	private async standDown(
		writes: string[][],
		verdicts: Verdict[],
		away: Set<string>,
	): Promise<Verdict[]> {
		if (!away.size) return verdicts;
		const result = writes.map((leads, at): Verdict => {
			if (!('send' in verdicts[at]) || !leads.some((lead) => away.has(lead))) return verdicts[at];
			if (leads.every((lead) => away.has(lead)))
				return { reached: [this.now * this.bucketMs, (this.now + 1) * this.bucketMs] };
			return { partly: leads.flatMap((lead, index) => (away.has(lead) ? [index] : [])) };
		});
		const sent = new Set(writes.filter((_, at) => 'send' in result[at]).flat());
		const dropped = writes
			.filter((_, at) => 'send' in verdicts[at] && !('send' in result[at]))
			.flat()
			.filter((lead) => !sent.has(lead) && this.fresh.has(lead));
		const entries = [
			...dropped.filter((lead) => !away.has(lead)).map((lead) => `${lead}|${this.now}`),
			...this.stamps.splice(0),
		];
		for (const lead of dropped) {
			this.mine.delete(lead);
			this.fresh.delete(lead);
		}
		const gone = new Set(entries);
		this.kept = this.kept.filter((entry) => !gone.has(entry));
		await this.store.removeWithLock(entries);
		return result;
	}

	/**
	 * The run sends nothing after all (the store failed while it checked): the leads it recorded and
	 * its stamp go, as far as the store lets them, and this process's other runs stop waiting for them.
	 */
	async abandon(): Promise<void> {
		this.takeBack([...this.fresh]);
		this.unmark();
		const removed = [...this.taken, ...this.stamps.splice(0)];
		// A store still failing leaves them recorded: a later execution skips them.
		await this.store.removeWithLock(removed).catch(() => undefined);
		for (const settle of this.settled.splice(0)) settle();
	}

	/** The run leaves the epoch's sweep to the next run: its mark goes with what it takes back. */
	private unmark(): void {
		if (this.mark) this.taken.push(this.mark);
		this.mark = undefined;
	}

	/** Leads whose writes reached nobody (nothing sent, or clearly refused): those the run recorded go. */
	takeBack(leads: string[]): void {
		for (const lead of leads.filter((lead) => this.fresh.has(lead))) {
			this.mine.delete(lead);
			this.taken.push(`${lead}|${this.now}`);
		}
	}

	/** Every write is under way: the looks start beside the answers still to come (see keep()). */
	underWay(): void {
		const failed = (error: Error) => error;
		this.looks ??= this.store.keep(this.kept, 'record').then(() => undefined, failed);
	}

	/** The epoch's sweep (sweep.ts); one that fails is made by the next epoch's, which keeps more. */
	private async sweep(): Promise<void> {
		// Each lead of another run under way may be taken back, with its run's stamp; a run checked
		// while this one waits for the lock counts too.
		const mine = new Set([...this.fresh].map((lead) => this.pendingKey(lead)));
		const underWay = () =>
			2 *
			[...pending.keys()].filter((key) => key.startsWith(`${this.node}|`) && !mine.has(key)).length;
		await this.store
			.withLock(async () => await sweep(this.store, this.bucketMs, underWay))
			.catch(() => undefined);
	}

	/**
	 * Once the run's writes have their outcomes: what was not reached, and the run's stamp, are taken
	 * back (after the looks, which would record them again), and one more look finds the rest still
	 * there (else the run's leads are looked at now).
	 */
	async close(): Promise<void> {
		try {
			const failure = await this.looks;
			const taken = new Set(this.taken);
			const reached = this.kept.filter((key) => !taken.has(key));
			if (!reached.length) this.unmark();
			await this.store.removeWithLock([...this.taken, ...this.stamps]);
			await this.store.keep(reached, this.looks ? 'look' : 'record');
			if (failure) throw failure;
			if (this.mark) await this.sweep();
		} finally {
			for (const settle of this.settled.splice(0)) settle();
		}
	}
}

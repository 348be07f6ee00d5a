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
 * The durable record of the leads this node reached, in n8n's deduplication store (shared by every
 * n8n process), so that another execution within the window calls nobody twice: each lead once per
 * quarter of the window it was reached in. A lead is recorded before its write is sent, and taken
 * back when nothing was sent or the service clearly refused it. docs/queue-mode.md tells how runs of
 * several processes share it.
 */
export class LeadRecord {
	private readonly store: NodeStore;
	private readonly node: string;
	private readonly bucketMs: number;
	/** Written with the run's leads: gone, another process wrote the record over (reachedElsewhere()). */
	private readonly stamp = `claim|${Math.random().toString(36).slice(2)}`;
	/** The leads the run found nowhere in the record. */
	private readonly fresh = new Set<string>();
	/** The quarter the run's leads were recorded in. */
	private now = 0;
	private readonly taken: string[] = [];
	/** The stamp, once the run sends a lead, until the run is over. */
	private stamps: string[] = [];
	/** The entries this run recorded for leads it sent. */
	private kept: string[] = [];
	private readonly settled: Array<() => void> = [];
	/** The looks once every write is under way: the error of the last, if it failed. */
	private looks?: Promise<Error | undefined>;
	/** The epoch's mark, when the run recorded it first: the run is to sweep (sweep.ts). */
	private mark?: string;

	constructor(
		context: IExecuteFunctions,
		windowMs: number,
		/** The leads this execution reached: identical writes in it are its ledger's business. */
		private readonly mine: Set<string>,
	) {
		this.node = `${context.getWorkflow().id}|${context.getNode().id}`;
		this.store = new NodeStore(context, this.node);
		this.bucketMs = Math.max(1, windowMs / RECORD_BUCKETS);
	}

	private keys(lead: string, from: number, to: number): string[] {
		return Array.from({ length: to - from + 1 }, (_, bucket) => `${lead}|${from + bucket}`);
	}

	/** What the record says of each write's leads, recording those to be sent (not in a Dry Run). */
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
		// Only the leads now sent stay recorded, with the stamp; the rest only answered the question.
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
	 * The leads another process is reaching, found by looking after a pause (keep()): of two that
	 * checked a lead at once, the one that wrote the record back last wrote the other's stamp over.
	 * With the stamp gone, a lead whose entry is there is the other's; one whose entry is gone too is
	 * recorded again, unless its write reaches one of the other's.
	 */
	private async reachedElsewhere(writes: string[][], verdicts: Verdict[], run: Run) {
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
		// The leads are recorded: a store failing now leaves the looking to close().
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

	/** The verdicts once `away` are another's: a write reaching one is not sent, its entries go. */
	private async standDown(writes: string[][], verdicts: Verdict[], away: Set<string>) {
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

	/** The run sends nothing after all (the store failed): what it recorded goes, as far as it can. */
	async abandon(): Promise<void> {
		this.takeBack([...this.fresh]);
		this.unmark();
		const removed = [...this.taken, ...this.stamps.splice(0)];
		// A store still failing leaves them recorded: a later execution skips them.
		await this.store.removeWithLock(removed).catch(() => undefined);
		for (const settle of this.settled.splice(0)) settle();
	}

	/** The epoch's sweep is left to the next run. */
	private unmark(): void {
		if (this.mark) this.taken.push(this.mark);
		this.mark = undefined;
	}

	/** Leads whose writes reached nobody (nothing sent, or clearly refused) go. */
	takeBack(leads: string[]): void {
		for (const lead of leads.filter((lead) => this.fresh.has(lead))) {
			this.mine.delete(lead);
			this.taken.push(`${lead}|${this.now}`);
		}
	}

	/** Every write is under way: the looks start beside the answers still to come. */
	underWay(): void {
		const failed = (error: Error) => error;
		this.looks ??= this.store.keep(this.kept, 'record').then(() => undefined, failed);
	}

	/** A sweep that fails is made by the next epoch's, which keeps more. */
	private async sweep(): Promise<void> {
		// Each lead of another run under way may be taken back, with its stamp, counted under the lock.
		const mine = new Set([...this.fresh].map((lead) => this.pendingKey(lead)));
		const underWay = () =>
			2 *
			[...pending.keys()].filter((key) => key.startsWith(`${this.node}|`) && !mine.has(key)).length;
		await this.store
			.withLock(async () => await sweep(this.store, this.bucketMs, underWay))
			.catch(() => undefined);
	}

	/** Once the writes have their outcomes: what was not reached, and the stamp, go; a last look. */
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

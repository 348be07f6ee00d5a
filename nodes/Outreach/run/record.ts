import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import {
	MAX_RECORDED_CALLS,
	RECORD_BUCKETS,
	RECORD_CHECKS,
	RECORD_PAUSE_MS,
} from '../shared/constants';
import { NodeStore } from './store';

/** The run about to send the writes checked: its pause ends at once on n8n's Stop. */
interface Sending {
	pause(ms: number): Promise<void>;
	readonly stopped: boolean;
}

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
 * within the window when a quarter since its start holds it. A lead is recorded before its write is
 * sent, and taken back when nothing was sent or the service clearly refused it. The store reads and
 * writes back the whole record: in this process one run of the node at a time uses it, and waits for
 * another execution's write for the same lead; across processes, a run makes sure its leads are
 * recorded before it sends and once its writes are under way (keep()), and stands down for a lead
 * another execution checked at the same moment (claimed()).
 */
export class LeadRecord {
	private readonly store: NodeStore;
	private readonly node: string;
	private readonly bucketMs: number;
	/** This run's mark on the leads it checks, and those it found nowhere in the record (claimed()). */
	private readonly token = Math.random().toString(36).slice(2);
	private readonly fresh = new Set<string>();
	/** The quarter of the window the run's leads were recorded in. */
	private now = 0;
	private readonly taken: string[] = [];
	/** Entries the record holds only for this run's sake: they go once the run is over. */
	private readonly asked: string[] = [];
	/** The entries this run recorded for leads it sent. */
	private kept: string[] = [];
	private readonly settled: Array<() => void> = [];
	/** The looks once every write is under way (see underWay()): the error of the last, if it failed. */
	private looks?: Promise<Error | undefined>;

	constructor(context: IExecuteFunctions, windowMs: number) {
		this.node = `${context.getWorkflow().id}|${context.getNode().id}`;
		this.store = new NodeStore(context, this.node);
		this.bucketMs = Math.max(1, windowMs / RECORD_BUCKETS);
	}

	private keys(lead: string, from: number, to: number): string[] {
		return Array.from({ length: to - from + 1 }, (_, bucket) => `${lead}|${from + bucket}`);
	}

	/** This run's claim on a lead in this quarter, recorded with the lead's own entry. */
	private claim(lead: string): string {
		return `${lead}|${this.now}|${this.token}`;
	}

	/**
	 * What the record says of each write's leads, recording those to be sent. Leads this execution
	 * reached (`mine`) are its own business: within an execution, only an identical write is held back
	 * (the execution's ledger).
	 */
	async check(writes: string[][], mine: Set<string>, sending?: Sending): Promise<Verdict[]> {
		const all = [...new Set(writes.flat())];
		for (;;) {
			await Promise.all(all.map(async (lead) => await pending.get(`${this.node}|${lead}`)));
			const verdicts = await this.store.turn(async () => {
				if (all.some((lead) => pending.has(`${this.node}|${lead}`))) return undefined;
				return await this.checkNow(writes, mine);
			});
			if (!verdicts) continue;
			if (!sending) return verdicts;
			// The leads are recorded: a store failing now leaves the looking to close().
			const away = await this.claimed(sending).catch(() => new Set<string>());
			return this.standDown(writes, verdicts, away, mine);
		}
	}

	/**
	 * The verdicts once the leads `away` turned out to be another execution's: a write reaching one of
	 * them is not sent (a campaign's error names them), and its other leads are taken back.
	 */
	private standDown(
		writes: string[][],
		verdicts: Verdict[],
		away: Set<string>,
		mine: Set<string>,
	): Verdict[] {
		if (!away.size) return verdicts;
		const result = writes.map((leads, index): Verdict => {
			if (!('send' in verdicts[index]) || !leads.some((lead) => away.has(lead)))
				return verdicts[index];
			if (leads.every((lead) => away.has(lead)))
				return { reached: [this.now * this.bucketMs, (this.now + 1) * this.bucketMs] };
			return { partly: leads.flatMap((lead, at) => (away.has(lead) ? [at] : [])) };
		});
		const sent = new Set(writes.filter((_, index) => 'send' in result[index]).flat());
		const dropped = writes
			.filter((_, index) => 'send' in verdicts[index] && !('send' in result[index]))
			.flat()
			.filter((lead) => !sent.has(lead));
		// A lead this execution had reached before stays its own.
		for (const lead of dropped.filter((lead) => this.fresh.has(lead))) {
			mine.delete(lead);
			if (!away.has(lead)) this.takeBack([lead]);
		}
		const gone = new Set(dropped.map((lead) => `${lead}|${this.now}`));
		this.kept = this.kept.filter((entry) => !gone.has(entry));
		return result;
	}

	private async checkNow(writes: string[][], mine: Set<string>): Promise<Verdict[]> {
		const now = Math.floor(Date.now() / this.bucketMs);
		this.now = now;
		const first = now - RECORD_BUCKETS;
		const leads = [...new Set(writes.flat())];
		const keys = leads.flatMap((lead) => [...this.keys(lead, first, now), this.claim(lead)]);
		const { processed } = await this.store.record(keys, MAX_RECORDED_CALLS + keys.length);
		const known = new Set(processed.map(String));
		const verdicts = writes.map((leads): Verdict => {
			const reached = leads.map((lead) => {
				const buckets = this.keys(lead, first, now).filter((key) => known.has(key));
				if (mine.has(lead) || buckets.length === 0) return undefined;
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
		// Only the leads now sent stay recorded, in this quarter; the rest only answered the question.
		const sent = new Set(writes.filter((_, index) => 'send' in verdicts[index]).flat());
		for (const lead of sent) if (!mine.has(lead)) this.fresh.add(lead);
		for (const lead of sent) mine.add(lead);
		const kept = new Set([...sent].map((lead) => `${lead}|${now}`));
		this.kept.push(...kept);
		this.asked.push(...keys.filter((key) => !known.has(key) && !kept.has(key)));
		for (const lead of sent) {
			let settle = () => undefined as void;
			pending.set(`${this.node}|${lead}`, new Promise<void>((resolve) => (settle = resolve)));
			this.settled.push(() => {
				pending.delete(`${this.node}|${lead}`);
				settle();
			});
		}
		return verdicts;
	}

	/**
	 * Looks at the leads to be sent after a pause (keep()) and returns those another execution is
	 * reaching: two processes that checked a lead at the same moment each recorded it with a claim of
	 * its own, and the one that wrote the record back last wrote the other's claim over. A lead whose
	 * claim is gone while its entry is there is the other's to call; one whose entry is gone too was
	 * written over by a run for other leads, and both are recorded again. Claims go at the run's end.
	 */
	private async claimed(sending: Sending): Promise<Set<string>> {
		const away = new Set<string>();
		const looked = () => [
			...this.kept,
			...[...this.fresh].filter((lead) => !away.has(lead)).map((lead) => this.claim(lead)),
		];
		await this.keep(looked(), 'pause', sending, ({ processed, new: missing }) => {
			const found = new Set(processed.map(String));
			const gone = new Set(missing.map(String));
			for (const lead of this.fresh)
				if (gone.has(this.claim(lead)) && found.has(`${lead}|${this.now}`)) away.add(lead);
			const kept = new Set([...away].map((lead) => `${lead}|${this.now}`));
			return looked().filter((entry) => !kept.has(entry));
		});
		return away;
	}

	/** A write's leads were not reached: nothing was sent, or the service clearly refused it. */
	takeBack(leads: string[]): void {
		this.taken.push(...leads.map((lead) => `${lead}|${this.now}`));
	}

	/** Every write is under way: the looks start beside the answers still to come (see keep()). */
	underWay(): void {
		const failed = (error: Error) => error;
		this.looks ??= this.keep(this.kept, 'record').then(() => undefined, failed);
	}

	/**
	 * Once the run's writes have their outcomes: what was not reached, or only asked about, is taken
	 * back (after the looks, which would record it again), and one more look finds the rest still
	 * there (else the run's leads are looked at now).
	 */
	async close(): Promise<void> {
		try {
			const failure = await this.looks;
			const removed = [...this.taken, ...this.asked];
			if (removed.length) await this.store.turn(async () => await this.store.remove(removed));
			const taken = new Set(this.taken);
			const reached = this.kept.filter((key) => !taken.has(key));
			await this.keep(reached, this.looks ? 'look' : 'record');
			if (failure) throw failure;
		} finally {
			for (const settle of this.settled.splice(0)) settle();
		}
	}

	/**
	 * Records the entries again until a look, after a pause longer than this run's slowest round trip
	 * to the store, finds them all: another process's check-and-record that read the record before
	 * they were in it writes it back without them within its round trip. It starts with a pause
	 * before the writes are sent (a lead whose call leaves is recorded, should this process die),
	 * with a record at once that only a later look confirms once they are under way, and with a look
	 * at once when they are over. `looked` may name the entries to look at next.
	 */
	private async keep(
		entries: string[],
		start: 'pause' | 'record' | 'look',
		sending?: Sending,
		looked: (output: { processed: unknown[]; new: unknown[] }) => string[] = () => entries,
	): Promise<void> {
		const rounds = RECORD_CHECKS + (start === 'record' ? 1 : 0);
		for (let round = 0; round < rounds && entries.length; round++) {
			const pause = RECORD_PAUSE_MS * (1 + Math.random()) + this.store.slowest;
			if (round > 0 || start === 'pause') await (sending ? sending.pause(pause) : sleep(pause));
			if (sending?.stopped) return;
			const output = await this.store.turn(
				async () => await this.store.record(entries, MAX_RECORDED_CALLS),
			);
			entries = looked(output);
			const missing = output.new.some((entry) => entries.includes(String(entry)));
			if ((round > 0 || start !== 'record') && !missing) return;
		}
	}
}

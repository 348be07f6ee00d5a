import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import {
	MAX_RECORDED_CALLS,
	RECORD_BUCKETS,
	RECORD_CHECKS,
	RECORD_PAUSE_MS,
	STORE_RETRY_MS,
	STORE_TRIES,
} from '../shared/constants';

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

/** Why the record cannot be kept, or undefined when it can. */
export function recordUnavailable(context: IExecuteFunctions): string | undefined {
	if (typeof context.helpers.checkProcessedAndRecord !== 'function')
		return 'this n8n release has no deduplication store (n8n 1.64 and later have one)';
	if (!context.getWorkflow().id) return 'the workflow has never been saved';
	return undefined;
}

/** The store's mode for the record: entries, never a latest key or date (n8n refuses a mix). */
const ENTRIES = { mode: 'entries' as const };

/** What goes wrong when n8n's store is not there to ask. */
export const NOT_SET_UP = /initiali[sz]ed before use/;

/** Writes of this process waiting for their outcome, by workflow, node and lead. */
const pending = new Map<string, Promise<void>>();
/** Each node's turn at n8n's store in this process: its check-and-record is not atomic. */
const turns = new Map<string, Promise<unknown>>();

async function exclusive<T>(node: string, task: () => Promise<T>): Promise<T> {
	const before = turns.get(node) ?? Promise.resolve();
	const mine = before.then(task, task);
	const settled = mine.catch(() => undefined);
	turns.set(node, settled);
	void settled.then(() => turns.get(node) === settled && turns.delete(node));
	return await mine;
}

/**
 * The durable record of the leads this node reached, in n8n's own deduplication store (its database,
 * shared by every n8n process; scope: this node), so that a new execution for the same lead within
 * the window (a webhook delivered twice, a Retry handled elsewhere, a queue-mode job run again) calls
 * nobody twice. The store keeps hashes only, and only by entry: each lead is recorded once per quarter
 * of the window (RECORD_BUCKETS of them), and a lead is reached within the window when any quarter
 * since the window's start holds it. A lead is recorded before its write is sent, and the record is
 * taken back when nothing was sent or the service clearly refused it. The store's check-and-record
 * reads and writes back the whole record: in this process one run of the node at a time uses it, and a
 * write of another execution for the same lead is waited for; across n8n processes, a run makes sure
 * its leads are in the record before it sends and once its writes are under way (see keep()), and two
 * processes that check the same lead at the same moment may both send.
 */
export class LeadRecord {
	private readonly node: string;
	private readonly bucketMs: number;
	/** The quarter of the window the run's leads were recorded in. */
	private now = 0;
	private readonly taken: string[] = [];
	/** Entries the check only asked about: the store recorded them, and they go once the run is over. */
	private readonly asked: string[] = [];
	/** The entries this run recorded for leads it sent. */
	private readonly kept: string[] = [];
	private readonly settled: Array<() => void> = [];
	/** The longest a read or write of n8n's store took in this run, in ms. */
	private slowest = 0;
	/** The looks once every write is under way (see underWay()): the error of the last, if it failed. */
	private looks?: Promise<Error | undefined>;

	constructor(
		private readonly context: IExecuteFunctions,
		windowMs: number,
	) {
		this.node = `${context.getWorkflow().id}|${context.getNode().id}`;
		this.bucketMs = Math.max(1, windowMs / RECORD_BUCKETS);
	}

	private keys(lead: string, from: number, to: number): string[] {
		return Array.from({ length: to - from + 1 }, (_, bucket) => `${lead}|${from + bucket}`);
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
			const verdicts = await exclusive(this.node, async () => {
				if (all.some((lead) => pending.has(`${this.node}|${lead}`))) return undefined;
				return await this.checkNow(writes, mine);
			});
			if (!verdicts) continue;
			// The leads are recorded: a store failing now leaves the looking to close().
			if (sending) await this.keep(this.kept, 'pause', sending).catch(() => undefined);
			return verdicts;
		}
	}

	private async checkNow(writes: string[][], mine: Set<string>): Promise<Verdict[]> {
		const now = Math.floor(Date.now() / this.bucketMs);
		const first = now - RECORD_BUCKETS;
		const keys = [...new Set(writes.flat())].flatMap((lead) => this.keys(lead, first, now));
		const { helpers } = this.context;
		const options = { ...ENTRIES, maxEntries: MAX_RECORDED_CALLS + keys.length };
		const { processed } = await this.stored(
			async () => await helpers.checkProcessedAndRecord(keys, 'node', options),
		);
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
		this.now = now;
		return verdicts;
	}

	/** A write's leads were not reached: nothing was sent, or the service clearly refused it. */
	takeBack(leads: string[]): void {
		this.taken.push(...leads.map((lead) => `${lead}|${this.now}`));
	}

	/**
	 * Every write of the run is under way: the looks at its leads start, beside the answers still to
	 * come (another process's write-back lands within its round trip, whenever that is).
	 */
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
			const { helpers } = this.context;
			if (removed.length)
				await exclusive(this.node, async () => {
					await this.stored(async () => await helpers.removeProcessed(removed, 'node', ENTRIES));
				});
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
	 * at once when they are over.
	 */
	private async keep(
		entries: string[],
		start: 'pause' | 'record' | 'look',
		sending?: Sending,
	): Promise<void> {
		const options = { ...ENTRIES, maxEntries: MAX_RECORDED_CALLS };
		const rounds = RECORD_CHECKS + (start === 'record' ? 1 : 0);
		for (let round = 0; round < rounds && entries.length; round++) {
			const pause = RECORD_PAUSE_MS * (1 + Math.random()) + this.slowest;
			if (round > 0 || start === 'pause') await (sending ? sending.pause(pause) : sleep(pause));
			if (sending?.stopped) return;
			const output = await exclusive(
				this.node,
				async () =>
					await this.stored(
						async () =>
							await this.context.helpers.checkProcessedAndRecord(entries, 'node', options),
					),
			);
			if ((round > 0 || start !== 'record') && !output.new.length) return;
		}
	}

	/**
	 * One read or write of n8n's store, tried again when it fails: a failed insert or update wrote
	 * nothing, and nothing has been sent on its answer. The last try's error is the caller's. The
	 * slowest try sets keep()'s pause.
	 */
	private async stored<T>(task: () => Promise<T>): Promise<T> {
		const timed = async () => {
			const started = Date.now();
			try {
				return await task();
			} finally {
				this.slowest = Math.max(this.slowest, Date.now() - started);
			}
		};
		for (let tries = 1; tries < STORE_TRIES; tries++) {
			try {
				return await timed();
			} catch (error) {
				if (NOT_SET_UP.test((error as Error).message)) break;
			}
			await sleep(STORE_RETRY_MS * (1 + Math.random()));
		}
		return await timed();
	}
}

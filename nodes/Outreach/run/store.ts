import { sleep, type IDeduplicationOutput, type IExecuteFunctions } from 'n8n-workflow';

import {
	MAX_RECORD_ENTRIES,
	RECORD_CHECKS,
	RECORD_COMPARISONS_PER_CALL,
	RECORD_PART,
	RECORD_PAUSE_MS,
	STORE_RETRY_MS,
	STORE_TRIES,
} from '../shared/constants';

/** The run using the store: its waits end at once on n8n's Stop. */
export interface Run {
	until(work: Promise<unknown>): Promise<void>;
	readonly stopped: boolean;
}

/** Why the record cannot be kept, or undefined when it can. */
export function recordUnavailable(context: IExecuteFunctions): string | undefined {
	if (typeof context.helpers.checkProcessedAndRecord !== 'function')
		return 'this n8n release has no deduplication store (n8n 1.64 and later have one)';
	if (!context.getWorkflow().id) return 'the workflow has never been saved';
	return undefined;
}

/** What goes wrong when n8n's store is not there to ask. */
export const NOT_SET_UP = /initiali[sz]ed before use/;

/** Entries, never a latest key or date: n8n refuses a mix. */
const ENTRIES = { mode: 'entries' as const };

/** Each node's lock on n8n's store in this process: its check-and-record is not atomic. */
const locks = new Map<string, Promise<unknown>>();

/** A node's record in n8n's store, as one run uses it: failures tried again, the slowest trip kept. */
export class NodeStore {
	slowest = 0;
	/** How many entries the record holds, as this run last counted and changed it. */
	private size?: number;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly node: string,
	) {}

	/** Runs `task` when no other run of the node in this process is at the store. */
	async withLock<T>(task: () => Promise<T>): Promise<T> {
		const before = locks.get(this.node) ?? Promise.resolve();
		const mine = before.then(task, task);
		const settled = mine.catch(() => undefined);
		locks.set(this.node, settled);
		void settled.then(() => locks.get(this.node) === settled && locks.delete(this.node));
		return await mine;
	}

	/** Records `entries` in one write: which were there, and which are new. */
	async record(
		entries: string[],
		// The run's own entries beyond the bound: the oldest of other runs are not dropped for them.
		maxEntries = MAX_RECORD_ENTRIES + entries.length,
	): Promise<IDeduplicationOutput> {
		const { helpers } = this.context;
		const output = await this.tried(
			async () =>
				await helpers.checkProcessedAndRecord(entries, 'node', { ...ENTRIES, maxEntries }),
		);
		if (this.size !== undefined) this.size = Math.min(maxEntries, this.size + output.new.length);
		return output;
	}

	async count(): Promise<number> {
		const { helpers } = this.context;
		this.size = await this.tried(async () => await helpers.getProcessedDataCount('node', ENTRIES));
		return this.size;
	}

	async remove(entries: string[]): Promise<void> {
		const { helpers } = this.context;
		for (const part of await this.parts(entries)) {
			await this.tried(async () => await helpers.removeProcessed(part, 'node', ENTRIES));
			if (this.size !== undefined) this.size = Math.max(0, this.size - part.length);
		}
	}

	/** `entries` in parts of RECORD_COMPARISONS_PER_CALL's bound; a few are not counted first. */
	private async parts(entries: string[]): Promise<string[][]> {
		if (!entries.length) return [];
		if (entries.length <= RECORD_PART) return [entries];
		const size = this.size ?? (await this.count());
		const length = Math.max(
			RECORD_PART,
			Math.floor(RECORD_COMPARISONS_PER_CALL / Math.max(1, size)),
		);
		return Array.from({ length: Math.ceil(entries.length / length) }, (_, part) =>
			entries.slice(part * length, (part + 1) * length),
		);
	}

	/** Removes `entries`, holding the node's lock (withLock()). */
	async removeWithLock(entries: string[]): Promise<void> {
		if (entries.length) await this.withLock(async () => await this.remove(entries));
	}

	/**
	 * Records the entries again until a look, after a pause longer than the slowest round trip, finds
	 * them all: another process that read the record before they were in it writes it back without
	 * them within its round trip (RECORD_CHECKS). `start`: a pause before the writes are sent, a record
	 * once they are under way, a look once they are over. `looked` may name the entries to look at next.
	 */
	async keep(
		entries: string[],
		start: 'pause' | 'record' | 'look',
		run?: Run,
		looked: (output: { processed: unknown[]; new: unknown[] }) => string[] = () => entries,
	): Promise<void> {
		const rounds = RECORD_CHECKS + (start === 'record' ? 1 : 0);
		for (let round = 0; round < rounds && entries.length; round++) {
			if (round > 0 || start === 'pause') {
				const pause = sleep(RECORD_PAUSE_MS * (1 + Math.random()) + this.slowest);
				await (run ? run.until(pause) : pause);
			}
			if (run?.stopped) return;
			const output = await this.withLock(async () => await this.record(entries));
			entries = looked(output);
			const missing = output.new.some((entry) => entries.includes(String(entry)));
			if ((round > 0 || start !== 'record') && !missing) return;
		}
	}

	/** The last try's error is the caller's. */
	private async tried<T>(task: () => Promise<T>): Promise<T> {
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

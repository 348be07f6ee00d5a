import { sleep, type IDeduplicationOutput, type IExecuteFunctions } from 'n8n-workflow';

import { STORE_RETRY_MS, STORE_TRIES } from '../shared/constants';

/** Why the record cannot be kept, or undefined when it can. */
export function recordUnavailable(context: IExecuteFunctions): string | undefined {
	if (typeof context.helpers.checkProcessedAndRecord !== 'function')
		return 'this n8n release has no deduplication store (n8n 1.64 and later have one)';
	if (!context.getWorkflow().id) return 'the workflow has never been saved';
	return undefined;
}

/** What goes wrong when n8n's store is not there to ask. */
export const NOT_SET_UP = /initiali[sz]ed before use/;

/** The store's mode for the record: entries, never a latest key or date (n8n refuses a mix). */
const ENTRIES = { mode: 'entries' as const };

/** Each node's turn at n8n's store in this process: its check-and-record is not atomic. */
const turns = new Map<string, Promise<unknown>>();

/**
 * A node's record in n8n's deduplication store (scope: the node), as one run uses it: each read or
 * write is tried again when it fails (a failed insert or update wrote nothing), and the run's slowest
 * round trip is kept. One run of the node at a time in this process has its turn (see turn()).
 */
export class NodeStore {
	/** The longest a read or write of the store took in this run, in ms. */
	slowest = 0;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly node: string,
	) {}

	/** Runs `task` when no other run of the node in this process is at the store. */
	async turn<T>(task: () => Promise<T>): Promise<T> {
		const before = turns.get(this.node) ?? Promise.resolve();
		const mine = before.then(task, task);
		const settled = mine.catch(() => undefined);
		turns.set(this.node, settled);
		void settled.then(() => turns.get(this.node) === settled && turns.delete(this.node));
		return await mine;
	}

	/** Records `entries`, keeping the newest `maxEntries`: which were there, and which are new. */
	async record(entries: string[], maxEntries: number): Promise<IDeduplicationOutput> {
		const { helpers } = this.context;
		return await this.tried(
			async () =>
				await helpers.checkProcessedAndRecord(entries, 'node', { ...ENTRIES, maxEntries }),
		);
	}

	async remove(entries: string[]): Promise<void> {
		const { helpers } = this.context;
		await this.tried(async () => await helpers.removeProcessed(entries, 'node', ENTRIES));
	}

	/** The last try's error is the caller's; nothing has been sent on an answer that did not come. */
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

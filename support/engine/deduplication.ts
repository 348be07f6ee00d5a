import { ok } from 'node:assert';
import { createHash } from 'node:crypto';

import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

/** One row of n8n's processed_data table: a workflow's record in one scope. */
interface Row {
	mode: string;
	data: string[];
}

/**
 * A stand-in for n8n's deduplication store (packages/cli/src/deduplication: DeduplicationHelper over
 * the processed_data table), behind n8n-core's own interface, with the same rules for what the
 * Outreach node uses: rows by workflow ID and scope (`n:<node id>` for a node, '' for the workflow), an
 * md5 of each value's text in base64, entries mode with its oldest entries dropped past maxEntries, an
 * error when a row holds another mode, a workflow with no ID refused, and a check-and-record that
 * reads the row, lets other work run, then writes the whole row back (not atomic, as n8n's is not),
 * inserting it when it read none, which fails when another process inserted it meanwhile.
 * test/harness/deduplication.test.ts holds it against n8n's own DeduplicationHelper.
 */
export class ProcessedDataStore implements IDataDeduplicator {
	private readonly rows = new Map<string, Row>();
	/** Reads and writes of the store, as database round trips. */
	reads = 0;
	/** Called after each write: a test's way to let another process write at that moment. */
	afterWrite?: () => void;
	/** Whether the database refuses every read and write, as one gone away does. */
	down = false;
	/** How long each read takes, in ms: a slow database. */
	latencyMs = 0;
	/** Another n8n process's first entry, inserted between the next read and its write. */
	private rival?: string;
	/** Reads held until as many have come as were gathered (see gather()). */
	private gathering?: { count: number; held: Array<() => void> };

	private static key(scope: DeduplicationScope, { node, workflow }: ICheckProcessedContextData) {
		if (scope === 'node' && !node) throw new Error('No node information: cannot use scope node');
		return `${workflow.id}|${scope === 'node' ? `n:${node!.id}` : ''}`;
	}

	private static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(value.toString()).digest('base64');
	}

	/** A database round trip: other work runs meanwhile. */
	private async read(key: string): Promise<Row | undefined> {
		this.reads++;
		await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
		const gathering = this.gathering;
		if (gathering) {
			const released = new Promise<void>((resolve) => gathering.held.push(resolve));
			if (gathering.held.length === gathering.count) {
				this.gathering = undefined;
				for (const release of gathering.held) release();
			}
			await released;
		}
		if (this.down) throw new Error('Connection terminated unexpectedly');
		const row = this.rows.get(key);
		return row && { mode: row.mode, data: [...row.data] };
	}

	/** Writes the row back, or inserts it when the read found none, as n8n's repository does. */
	private async write(key: string, row: Row, insert: boolean): Promise<void> {
		await new Promise((resolve) => setImmediate(resolve));
		if (this.rival !== undefined) {
			const data = [...(this.rows.get(key)?.data ?? []), ProcessedDataStore.hash(this.rival)];
			this.rows.set(key, { mode: 'entries', data });
			this.rival = undefined;
		}
		if (insert && this.rows.has(key))
			throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
		this.rows.set(key, row);
		this.afterWrite?.();
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		const key = ProcessedDataStore.key(scope, contextData);
		ok(contextData.workflow.id);
		if (options.mode !== 'entries') throw new Error('The stand-in store keeps entries only');
		const row = await this.read(key);
		if (row && row.mode !== options.mode)
			throw new Error('Deduplication data was originally saved with an incompatible setting');
		const hashes = items.map(ProcessedDataStore.hash);
		const result: IDeduplicationOutput = { new: [], processed: [] };
		const data = row?.data ?? [];
		const stored = new Set(data);
		hashes.forEach((hash, index) => {
			if (stored.has(hash)) result.processed.push(items[index]);
			else {
				result.new.push(items[index]);
				data.push(hash);
			}
		});
		if (options.maxEntries) data.splice(0, data.length - options.maxEntries);
		await this.write(key, { mode: options.mode, data }, !row);
		return result;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<void> {
		ok(contextData.workflow.id);
		const key = ProcessedDataStore.key(scope, contextData);
		const row = await this.read(key);
		if (!row) return;
		for (const hash of items.map(ProcessedDataStore.hash)) {
			const index = row.data.indexOf(hash);
			if (index !== -1) row.data.splice(index, 1);
		}
		await this.write(key, row, false);
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<void> {
		this.rows.delete(ProcessedDataStore.key(scope, contextData));
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<number> {
		return this.rows.get(ProcessedDataStore.key(scope, contextData))?.data.length ?? 0;
	}

	/** Everything the store holds, as a database dump would show it. */
	dump(): string {
		return JSON.stringify([...this.rows]);
	}

	/** Puts back rows as dump() shows them: a database restored from a dump. */
	load(rows: Array<[string, Row]>): void {
		for (const [key, row] of rows) this.rows.set(key, { mode: row.mode, data: [...row.data] });
	}

	/** How many entries the record of a workflow's node holds. */
	entries(workflowId: string, nodeId = 'tested'): number {
		return this.rows.get(`${workflowId}|n:${nodeId}`)?.data.length ?? 0;
	}

	/**
	 * The record as it is now, to write back later: what another n8n process's check-and-record does
	 * when it read the record before this one's write and writes it back after.
	 */
	snapshot(): () => void {
		const rows = [...this.rows].map(([key, row]): [string, Row] => [
			key,
			{ mode: row.mode, data: [...row.data] },
		]);
		return () => {
			this.rows.clear();
			for (const [key, row] of rows) this.rows.set(key, row);
		};
	}

	/**
	 * The next `count` reads wait for one another, then read the record as it is: n8n processes whose
	 * check-and-records read the record at the same moment, before any of them writes it back.
	 */
	gather(count: number): void {
		this.gathering = { count, held: [] };
	}

	/** Lets every held read go, and holds no more. */
	release(): void {
		const held = this.gathering?.held ?? [];
		this.gathering = undefined;
		for (const release of held) release();
	}

	/**
	 * Another n8n process records `value` first, between this store's next read and its write: on a
	 * record not yet there, what two queue-mode workers' first executions of a node at once meet.
	 */
	insertFirst(value: string): void {
		this.rival = value;
	}

	/** Forgets every record, as a fresh database. */
	clear(): void {
		this.rows.clear();
		this.rival = undefined;
		this.gathering = undefined;
		this.down = false;
		this.latencyMs = 0;
		this.afterWrite = undefined;
		this.reads = 0;
	}
}

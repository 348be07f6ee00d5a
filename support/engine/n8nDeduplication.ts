import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { IDataDeduplicator } from 'n8n-workflow';

import { LOCAL_DIR, NEWEST_N8N_VERSION } from '../n8n/setup';

/** One row of n8n's processed_data table. */
export interface ProcessedDataRow {
	workflowId: string;
	context: string;
	value: { mode: string; data: unknown };
}

/** The processed_data table n8n's repository reads and writes, in memory (rows copied as a database would). */
export class ProcessedDataTable {
	readonly rows = new Map<string, ProcessedDataRow>();
	private static key = (where: Pick<ProcessedDataRow, 'workflowId' | 'context'>) =>
		`${where.workflowId}|${where.context}`;
	private static copy = (row: ProcessedDataRow): ProcessedDataRow =>
		JSON.parse(JSON.stringify(row)) as ProcessedDataRow;
	async findOne({ where }: { where: Pick<ProcessedDataRow, 'workflowId' | 'context'> }) {
		const row = this.rows.get(ProcessedDataTable.key(where));
		return row && ProcessedDataTable.copy(row);
	}
	async insert(row: ProcessedDataRow) {
		if (this.rows.has(ProcessedDataTable.key(row))) throw new Error('duplicate key');
		this.rows.set(ProcessedDataTable.key(row), ProcessedDataTable.copy(row));
	}
	async update(where: Pick<ProcessedDataRow, 'workflowId' | 'context'>, row: ProcessedDataRow) {
		this.rows.set(ProcessedDataTable.key(where), ProcessedDataTable.copy(row));
	}
	async delete(where: Pick<ProcessedDataRow, 'workflowId' | 'context'>) {
		this.rows.delete(ProcessedDataTable.key(where));
	}
}

/**
 * The n8n release whose DeduplicationHelper the harness's store is held against: the one whose
 * engine runs the tests (OUTREACH_ENGINE_MODULES), else the newest release installed for the
 * end-to-end tests.
 */
export const N8N_RELEASE_MODULES =
	process.env.OUTREACH_ENGINE_MODULES ??
	path.join(LOCAL_DIR, `n8n-${NEWEST_N8N_VERSION}`, 'node_modules');

/** Whether that release is installed here. */
export const n8nReleaseInstalled = () =>
	existsSync(path.join(N8N_RELEASE_MODULES, 'n8n', 'package.json'));

/**
 * n8n's own DeduplicationHelper (packages/cli/src/deduplication) of that release, over `table` in
 * place of its database: each helper made by the returned function uses it.
 */
export function n8nDeduplicationHelper(table: ProcessedDataTable): () => IDataDeduplicator {
	const load = createRequire(path.join(N8N_RELEASE_MODULES, 'n8n', 'package.json'));
	// n8n's repository of the table: in @n8n/db from n8n 1.9x on, in n8n itself before.
	let repository: unknown;
	try {
		repository = (
			load('./dist/databases/repositories/processed-data.repository.js') as Record<string, unknown>
		).ProcessedDataRepository;
	} catch {
		repository = (load('@n8n/db') as Record<string, unknown>).ProcessedDataRepository;
	}
	const { Container } = load('@n8n/di') as {
		Container: { set(type: unknown, value: unknown): void };
	};
	Container.set(repository, table);
	const { DeduplicationHelper } = load('./dist/deduplication/deduplication-helper.js') as {
		DeduplicationHelper: new () => IDataDeduplicator;
	};
	return () => new DeduplicationHelper();
}

// Section 11's measurements on one database (`node recordStore.js sqlite|postgresdb`), in a process of
// their own run by the Node of the n8n release whose store they use (its sqlite3 is built for it):
// n8n's DeduplicationHelper and ProcessedDataRepository over a real database, the package's node and
// the previous version's beside it. Prints one JSON line: the measurements, for recordCost.ts.
import '../support/engine/userFolder';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { PACKAGE_ROOT, processedData, runOutreach } from '../support/engine/engine';
import { N8N_RELEASE_MODULES } from '../support/engine/n8nDeduplication';
import { callEachLead, leadPhone } from '../support/leads';
import { DEFAULT_TOKEN } from '../support/sandbox/server';
import { runBenchScript } from './benchProcess';
import { PREVIOUS_NODE_TYPE, PREVIOUS_PACKAGE, registerComparedNodes } from './makeCallWays';
import { median, RUNS } from './report';
import { startSandboxProcess } from './sandboxProcess';

const database = process.argv[2] === 'postgresdb' ? 'postgresdb' : 'sqlite';
// n8n's entities take their column types from the database type when first loaded.
process.env.DB_TYPE = database;

const WORKFLOW_ID = 'record-cost';
const CONTEXT = 'n:tested';
const HOUR = 3_600_000;
const QUARTER = 6 * HOUR;

/** A record's stand-in entries: md5 hashes in base64, as n8n's store keeps them. */
const hashes = (count: number, seed: string) =>
	Array.from({ length: count }, (_, entry) =>
		createHash('md5').update(`${seed} ${entry}`).digest('base64'),
	);

interface Row {
	mode: string;
	data: string[];
}

/** n8n's store over the database, as the package's node reaches it, with what it writes counted. */
async function n8nStore() {
	const load = createRequire(path.join(N8N_RELEASE_MODULES, 'n8n', 'package.json'));
	const { DataSource } = load('@n8n/typeorm') as {
		DataSource: new (options: object) => {
			initialize(): Promise<unknown>;
			query(sql: string): Promise<Array<Record<string, string>>>;
		};
	};
	const db = load('@n8n/db') as Record<string, unknown>;
	const options =
		database === 'sqlite'
			? {
					// n8n 1.x's driver (n8n 2.x's pooled one, with write-ahead logging, stalled here).
					type: 'sqlite',
					database: path.join(mkdtempSync(path.join(tmpdir(), 'outreach-record-')), 'db.sqlite'),
				}
			: {
					type: 'postgres',
					host: '127.0.0.1',
					port: Number(process.env.DB_POSTGRESDB_PORT),
					username: 'postgres',
					password: '',
					database: 'n8n',
				};
	const source = new DataSource({ ...options, entities: [db.ProcessedData], synchronize: true });
	await source.initialize();
	type Repository = {
		findOne(options: { where: object }): Promise<{ value: Row } | null>;
		insert(row: object): Promise<unknown>;
		update(where: object, row: { value: Row }): Promise<unknown>;
		delete(where: object): Promise<unknown>;
	};
	const repository = new (db.ProcessedDataRepository as new (source: unknown) => Repository)(
		source,
	);
	const written = { bytes: 0, writes: 0, putBacks: 0 };
	let read = '';
	const counted: Repository = {
		findOne: async (options) => {
			const row = await repository.findOne(options);
			read = JSON.stringify(row?.value ?? null);
			return row;
		},
		insert: async (row) => {
			written.bytes += JSON.stringify((row as { value: Row }).value).length;
			written.writes++;
			return await repository.insert(row);
		},
		update: async (where, row) => {
			const value = JSON.stringify(row.value);
			written.bytes += value.length;
			written.writes++;
			if (value === read) written.putBacks++;
			return await repository.update(where, row);
		},
		delete: async (where) => await repository.delete(where),
	};
	const { Container } = load('@n8n/di') as {
		Container: { set(type: unknown, value: unknown): void };
	};
	Container.set(db.ProcessedDataRepository, counted);
	const { DeduplicationHelper } = load('./dist/deduplication/deduplication-helper.js') as {
		DeduplicationHelper: new () => Record<string, (...args: unknown[]) => unknown>;
	};
	const helper = new DeduplicationHelper();
	// n8n-core takes one store per process: the harness's, which hands every call to n8n's.
	for (const method of [
		'checkProcessedAndRecord',
		'removeProcessed',
		'getProcessedDataCount',
		'clearAllProcessedItems',
	])
		Object.assign(processedData, { [method]: helper[method].bind(helper) });
	const where = { workflowId: WORKFLOW_ID, context: CONTEXT };
	return {
		written,
		/** The database's own count of bytes written (PostgreSQL's write-ahead log), if it has one. */
		walBytes: async () =>
			database === 'postgresdb'
				? Number(
						(await source.query(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS bytes`))[0]
							.bytes,
					)
				: 0,
		read: async () => (await repository.findOne({ where }))?.value,
		write: async (value: Row | undefined) => {
			await repository.delete(where);
			if (value) await repository.insert({ ...where, value });
		},
	};
}

/** The clock the node reads, set to `at` and moving on from there. */
function setClock(at: number) {
	const offset = at - performance.timeOrigin - performance.now();
	Date.now = () => Math.round(performance.timeOrigin + performance.now() + offset);
}

async function main() {
	const store = await n8nStore();
	registerComparedNodes(false);
	const sandbox = await startSandboxProcess(100);
	const credentials = { baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN };
	let nextLead = 0;
	const run = async (count: number, way: 'node' | 'previous', record: boolean) => {
		const items = Array.from({ length: count }, () => {
			const n = nextLead++;
			return { json: { name: `Lead ${n}`, phone: leadPhone(n % 4_000_000) } };
		});
		const result = await runOutreach(
			{ ...callEachLead, options: record ? {} : { skipLeadsCalledWithin: 0 } },
			{
				items,
				credentials,
				workflowId: WORKFLOW_ID,
				nodeType: way === 'previous' ? PREVIOUS_NODE_TYPE : undefined,
			},
		);
		if (result.error) throw new Error(`record cost: ${result.error.message}`);
		const called = result.items.filter((item) => typeof item.json.call_id === 'string').length;
		if (called !== count) throw new Error(`record cost: ${called} of ${count} leads called`);
	};

	// A history of calls, 1,000 a day under a 24-hour window, one run of 250 each quarter: after ten
	// quarters the record holds what it holds after any longer history (its sweeps forget the rest).
	const start = Date.parse('2026-11-02T00:00:00.000Z');
	await store.write(undefined);
	const quarters = 13;
	for (let quarter = 0; quarter < quarters; quarter++) {
		setClock(start + quarter * QUARTER + HOUR);
		await run(250, 'node', true);
	}
	const now = start + (quarters - 1) * QUARTER + 2 * HOUR;
	const history = await store.read();
	if (!history) throw new Error('record cost: no record after the history');
	// A window of 100,000 calls, halfway between two sweeps: seven and a half quarters of 25,000 before
	// the history's last entries and marks (the epoch's sweep is done).
	const largeWindow: Row = {
		mode: 'entries',
		data: [...hashes(187_500, 'a lead of the large window'), ...history.data],
	};
	// The previous version forgot the oldest past 100,000 entries: its record after such a history.
	const capped: Row = { mode: 'entries', data: hashes(100_000, 'an earlier lead') };

	// The empty record, as the node has it once its first call of the epoch swept it: its marks.
	await store.write(undefined);
	setClock(now);
	await run(1, 'node', true);
	const swept = await store.read();
	const states = {
		empty: { node: swept, previous: undefined },
		history: { node: history, previous: capped },
		largeWindow: { node: largeWindow, previous: capped },
	} as const;
	type State = keyof typeof states;
	const ways = PREVIOUS_PACKAGE ? (['node', 'previous'] as const) : (['node'] as const);
	const results: Record<string, Array<Record<string, number>>> = {};
	const measure = async (state: State, way: 'node' | 'previous', count: number, record = true) => {
		await store.write(states[state][way]);
		setClock(now);
		global.gc?.();
		const { written } = store;
		Object.assign(written, { bytes: 0, writes: 0, putBacks: 0 });
		const wal = await store.walBytes();
		const delay = monitorEventLoopDelay({ resolution: 5 });
		delay.enable();
		const cpu = process.cpuUsage();
		const started = performance.now();
		await run(count, way, record);
		const wallMs = performance.now() - started;
		const used = process.cpuUsage(cpu);
		delay.disable();
		const key = `${state}|${way}|${count}|${record ? 'on' : 'off'}`;
		(results[key] ??= []).push({
			wallMs,
			cpuMs: (used.user + used.system) / 1_000,
			bytesPerCall: written.bytes / count,
			writes: written.writes,
			putBacks: written.putBacks,
			walPerCall: ((await store.walBytes()) - wal) / count,
			maxDelayMs: delay.max / 1e6,
		});
	};
	for (const way of ways) for (const count of [1, 1_000]) await measure('empty', way, count); // warm-up
	for (let round = 0; round < RUNS; round++) {
		for (const way of ways) {
			for (const count of [1, 1_000]) {
				await measure('empty', way, count);
				await measure('history', way, count);
				await measure('empty', way, count, false);
			}
		}
	}
	// The large window once: a run of 1,000 leads takes n8n's store minutes there.
	if (process.env.BENCH_RECORD_STATES?.includes('largeWindow') ?? true)
		for (const way of ways)
			for (const count of [1, 1_000]) await measure('largeWindow', way, count);
	await sandbox.stop();
	const medians = Object.fromEntries(
		Object.entries(results).map(([key, rounds]) => [
			key,
			Object.fromEntries(
				Object.keys(rounds[0]).map((field) => [field, median(rounds.map((round) => round[field]))]),
			),
		]),
	);
	process.stdout.write(
		`${JSON.stringify({ database, medians, historyEntries: history.data.length, package: PACKAGE_ROOT })}\n`,
	);
}

runBenchScript(main);

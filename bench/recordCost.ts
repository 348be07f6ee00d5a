import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { ensureN8n, NEWEST_N8N_VERSION } from '../support/n8n/setup';
import { PACKAGE_ROOT } from '../support/repo';
import { PREVIOUS_PACKAGE } from './makeCallWays';
import { fixed, print, ratio, row, RUNS, section } from './report';

type Medians = Record<string, Record<string, number>>;

/** One database's measurements, from recordStore.js in a process of its own on the release's Node. */
async function measureOn(
	database: 'sqlite' | 'postgresdb',
	node: string,
	env: NodeJS.ProcessEnv,
): Promise<Medians> {
	const script = path.join(PACKAGE_ROOT, '.build/bench/recordStore.js');
	const child = spawn(node, ['--expose-gc', script, database], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const code = await new Promise((resolve) => child.on('close', resolve));
	const line = output.trim().split('\n').at(-1) ?? '';
	if (code !== 0 || !line.startsWith('{')) throw new Error(`record cost on ${database}: ${output}`);
	return (JSON.parse(line) as { medians: Medians }).medians;
}

const STATES = {
	empty: 'empty',
	history: '1,000,000 calls, 1,000 in the window',
	largeWindow: '100,000 calls in the window',
} as const;

/**
 * Section 11: what the record of leads (Skip Leads Called Within) costs a run, by what the node's
 * record holds, in n8n's own store (its DeduplicationHelper and repository of the newest release, which
 * it installs if needed) over SQLite and over PostgreSQL (a server of its own, as the queue test starts
 * it), the previous version beside the node when BENCH_PREVIOUS_PACKAGE names one.
 */
export async function recordCost() {
	const installation = await ensureN8n(NEWEST_N8N_VERSION);
	const databases: Array<['sqlite' | 'postgresdb', string]> = [['sqlite', 'SQLite']];
	const { startPostgres } = (await import(
		path.join(PACKAGE_ROOT, 'test-queue', 'cluster.mjs')
	)) as {
		startPostgres: () => Promise<{ port: number; stop(): Promise<void> }>;
	};
	const postgresWanted = process.env.BENCH_RECORD_DATABASES?.includes('postgresdb') ?? true;
	const postgres =
		postgresWanted && existsSync('/usr/lib/postgresql') ? await startPostgres() : undefined;
	if (postgres) databases.push(['postgresdb', 'PostgreSQL']);
	try {
		for (const [database, name] of databases) {
			const medians = await measureOn(database, installation.node, {
				DB_POSTGRESDB_PORT: String(postgres?.port ?? ''),
			});
			report(name, medians);
		}
	} finally {
		await postgres?.stop();
	}
	if (postgresWanted && !postgres)
		print('PostgreSQL: skipped (scripts/queue-setup.sh installs it).');
}

function report(database: string, medians: Medians) {
	section(
		`11. The record of leads in n8n’s own store over ${database}, by what the node’s record holds`,
		[
			'record',
			'version',
			'leads',
			'run: wall',
			'CPU',
			'over the empty record: wall',
			'CPU',
			'the record’s CPU',
			'bytes written a call',
			'over the empty record',
			...(database === 'PostgreSQL' ? ['WAL a call'] : []),
			'writes a run',
			'writes putting back what was there',
			'longest hold of the event loop',
		],
		`n8n ${NEWEST_N8N_VERSION}'s DeduplicationHelper and repository over ${database}; medians of ${RUNS} rounds (the large window: one); wall and CPU of the process running n8n's engine and store (the database server apart). Bytes written: the record's value in each insert and update of n8n's store.`,
	);
	const ways = PREVIOUS_PACKAGE ? ['node', 'previous'] : ['node'];
	for (const [state, label] of Object.entries(STATES)) {
		for (const way of ways) {
			for (const count of [1, 1_000]) {
				const on = medians[`${state}|${way}|${count}|on`];
				const empty = medians[`empty|${way}|${count}|on`];
				const off = medians[`empty|${way}|${count}|off`];
				if (!on) continue;
				row(
					label,
					way === 'node' ? 'this one' : 'previous',
					count.toLocaleString('en'),
					`${fixed(on.wallMs)} ms`,
					`${fixed(on.cpuMs)} ms`,
					ratio(on.wallMs, empty.wallMs),
					ratio(on.cpuMs, empty.cpuMs),
					off ? `${fixed(on.cpuMs - off.cpuMs)} ms` : '',
					fixed(on.bytesPerCall),
					ratio(on.bytesPerCall, empty.bytesPerCall),
					...(database === 'PostgreSQL' ? [fixed(on.walPerCall)] : []),
					fixed(on.writes),
					fixed(on.putBacks),
					`${fixed(on.maxDelayMs)} ms`,
				);
			}
		}
	}
}

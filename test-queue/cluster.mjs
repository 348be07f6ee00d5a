// n8n's distributed engine for the queue-mode test: Redis and PostgreSQL from Debian's packages, each
// started on a free loopback port with throw-away data, and the n8n processes around them.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort, hasExited, stopProcess, until } from '../.build/support/n8n/processes.js';

/** A child process whose output is kept, stopped with `stop()`. */
function child(command, args) {
	const process = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	process.stdout.on('data', (chunk) => (output += chunk));
	process.stderr.on('data', (chunk) => (output += chunk));
	return {
		output: () => output,
		exited: () => hasExited(process),
		stop: (signal) => stopProcess(process, signal),
	};
}

export async function startRedis() {
	const port = await freePort();
	const redis = child('redis-server', [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
	]);
	await until(
		() => /Ready to accept connections/.test(redis.output()) || redis.exited(),
		'Redis starts',
	);
	if (redis.exited()) throw new Error(`redis-server did not start:\n${redis.output()}`);
	return { port, stop: () => redis.stop('SIGTERM') };
}

function postgresBin(name) {
	const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
	return path.join('/usr/lib/postgresql', versions[0], 'bin', name);
}

/** PostgreSQL refuses to run as root: as root, its commands run as the "postgres" user. */
function asPostgres(command, args) {
	return process.getuid?.() === 0
		? ['runuser', ['-u', 'postgres', '--', command, ...args]]
		: [command, args];
}

export async function startPostgres() {
	const port = await freePort();
	const dir = mkdtempSync(path.join(tmpdir(), 'outreach-pg-'));
	chmodSync(dir, 0o777);
	const data = path.join(dir, 'data');
	if (process.getuid?.() === 0) spawnSync('chown', ['postgres', dir]);
	const init = spawnSync(
		...asPostgres(postgresBin('initdb'), [
			'-D',
			data,
			'-U',
			'postgres',
			'--auth=trust',
			'-E',
			'UTF8',
		]),
		{ encoding: 'utf8' },
	);
	if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
	const server = child(
		...asPostgres(postgresBin('postgres'), [
			'-D',
			data,
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
		]),
	);
	await until(
		() =>
			spawnSync(postgresBin('pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0 ||
			server.exited(),
		'PostgreSQL starts',
	);
	if (server.exited()) throw new Error(`postgres did not start:\n${server.output()}`);
	const create = spawnSync(
		postgresBin('psql'),
		['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE n8n'],
		{ encoding: 'utf8' },
	);
	if (create.status !== 0) throw new Error(`CREATE DATABASE failed:\n${create.stderr}`);
	return {
		port,
		stop: async () => {
			// runuser does not pass signals on: pg_ctl asks the server itself to stop.
			spawnSync(...asPostgres(postgresBin('pg_ctl'), ['stop', '-D', data, '-m', 'fast']));
			await until(() => server.exited(), 'PostgreSQL stops', 30_000);
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** What every n8n process of the cluster shares: the database, the queue and the encryption key. */
export function queueEnv({ redisPort, postgresPort }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: 'n8n',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		N8N_ENCRYPTION_KEY: 'outreach-queue-test-encryption-key',
		// Shorter than n8n's defaults (30 s) so that a killed worker's jobs are noticed in seconds.
		QUEUE_WORKER_LOCK_DURATION: '5000',
		QUEUE_WORKER_LOCK_RENEW_TIME: '2500',
		QUEUE_WORKER_STALLED_INTERVAL: '5000',
	};
}

export const hasQueueTools = () =>
	spawnSync('redis-server', ['--version']).status === 0 && existsSync('/usr/lib/postgresql');

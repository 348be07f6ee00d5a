// Child processes for the tooling that runs a real n8n: run, wait, stop, find a free port.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

import { PACKAGE_ROOT } from '../repo';

const began = Date.now();

/** A progress line on stderr, with the seconds since this process began. */
export function log(message: string): void {
	process.stderr.write(`[n8n-local +${Math.round((Date.now() - began) / 1000)}s] ${message}\n`);
}

/** Runs a short command and returns its output; fails with both outputs if it fails. */
export function run(command: string, args: string[], options: { cwd?: string } = {}): string {
	const result = spawnSync(command, args, { stdio: 'pipe', encoding: 'utf8', ...options });
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result.stdout;
}

/** Runs a long command with its output in `logFile` and a heartbeat line every 10 s. */
export async function runWithProgress(
	label: string,
	logFile: string,
	command: string,
	args: string[],
	options: SpawnOptions,
): Promise<void> {
	const out = createWriteStream(logFile);
	const started = Date.now();
	log(`${label}… (output in ${path.relative(PACKAGE_ROOT, logFile)})`);
	const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout!.pipe(out, { end: false });
	child.stderr!.pipe(out, { end: false });
	const heartbeat = setInterval(
		() => log(`  ${label}: ${Math.round((Date.now() - started) / 1000)} s`),
		10_000,
	);
	const [code] = (await once(child, 'close')) as [number | null];
	clearInterval(heartbeat);
	// The log is whole on disk before anyone reads it.
	out.end();
	await once(out, 'close');
	if (code !== 0) throw new Error(`${label} failed (exit ${code}); see ${logFile}`);
	log(`${label}: done in ${Math.round((Date.now() - started) / 1000)} s`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails after `timeoutMs` with `what` (worked out then, if a function). */
export async function until(
	check: () => boolean | Promise<boolean>,
	what: string | (() => string),
	timeoutMs = 60_000,
	intervalMs = 250,
): Promise<void> {
	const started = Date.now();
	while (!(await check())) {
		if (Date.now() - started > timeoutMs)
			throw new Error(
				`Timed out after ${timeoutMs} ms: ${typeof what === 'string' ? what : what()}`,
			);
		await sleep(intervalMs);
	}
}

/** Whether a child process has ended, by an exit or a signal. */
export const hasExited = (child: ChildProcess) =>
	child.exitCode !== null || child.signalCode !== null;

/** Stops a child process with `signal` and waits for its exit; SIGKILL if it is still there after 20 s. */
export async function stopProcess(
	child: ChildProcess,
	signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
	if (hasExited(child)) return;
	const gone = once(child, 'exit');
	child.kill(signal);
	const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
	await gone;
	clearTimeout(timer);
}

/**
 * Why the port `npm run dev` is to listen on cannot be used, in one line naming the port, what holds
 * it when `ss` can tell, and the variable `variable` that picks another; undefined when it is free.
 */
export async function portProblem(
	port: number,
	variable: string,
	what: string,
): Promise<string | undefined> {
	if (!Number.isInteger(port) || port < 1 || port > 65_535)
		return `${variable}=${process.env[variable]} is not a port: set ${variable} to a number from 1 to 65535.`;
	const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
		const server = createServer()
			.once('error', resolve)
			.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
	});
	if (!error) return undefined;
	if (error.code !== 'EADDRINUSE')
		return `Port ${port} (${what}) cannot be used (${error.code ?? error.message}): pick another with ${variable}=<port> npm run dev.`;
	// `users:(("node",pid=123,fd=20))` in ss's listing of the listening socket, when it may show it.
	const listing =
		spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout ?? '';
	const holder = /users:\(\("([^"]+)",pid=(\d+)/.exec(listing);
	const by = holder ? ` by ${holder[1]} (pid ${holder[2]})` : '';
	return `Port ${port} (${what}) is taken${by}: stop it, or pick another with ${variable}=<port> npm run dev.`;
}

/** A TCP port on 127.0.0.1 that nothing listens on at the moment. */
export const freePort = () =>
	new Promise<number>((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			server.close(() => resolve(port));
		});
	});

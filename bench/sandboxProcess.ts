import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { PACKAGE_ROOT } from '../support/repo';

/** The sandbox in its own process, so that it does not share the bench's event loop or its CPU time. */
export interface SandboxProcess {
	url: string;
	stats(): Promise<{ requests: number; refused: number; maxOpenConnections: number }>;
	clear(): Promise<void>;
	stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/**
 * How a sandbox limits its callers: requests a second (a bucket, or fixed windows; Retry-After in
 * seconds or as an HTTP date), or requests in progress (each `serviceMs`); or none, each request
 * answered after `delayMs`.
 */
export interface SandboxLimit {
	perSecond?: number;
	window?: 'bucket' | 'fixed';
	retryAfter?: 'seconds' | 'date';
	concurrent?: number;
	serviceMs?: number;
	delayMs?: number;
}

/** A sandbox seeded with `customers`, limited as `limit` says (not at all by default). */
export async function startSandboxProcess(
	customers: number,
	{
		perSecond = 0,
		window = 'bucket',
		retryAfter = 'seconds',
		concurrent = 0,
		serviceMs = 15,
		delayMs = 0,
	}: SandboxLimit = {},
): Promise<SandboxProcess> {
	const child: ChildProcess = spawn(
		process.execPath,
		[path.join(PACKAGE_ROOT, '.build/support/sandbox/cli.js')],
		{
			env: {
				...process.env,
				SANDBOX_PORT: '0',
				SANDBOX_CUSTOMERS: String(customers),
				SANDBOX_RECORDING: 'false',
				SANDBOX_LOG: 'false',
				SANDBOX_RATE_LIMIT: String(perSecond),
				SANDBOX_CONCURRENT: String(concurrent),
				SANDBOX_SERVICE_MS: String(serviceMs),
				SANDBOX_RATE_WINDOW: window,
				SANDBOX_RETRY_AFTER: retryAfter,
				SANDBOX_DELAY_MS: String(delayMs),
			},
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	children.add(child);
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout!.on('data', (chunk: Buffer) => {
			const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
			if (match) resolve(match[1]);
		});
		child.on('exit', (code) => reject(new Error(`sandbox exited (${code}) before listening`)));
	});
	return {
		url,
		stats: async () =>
			(await (await fetch(`${url}/__sandbox/stats`)).json()) as {
				requests: number;
				refused: number;
				maxOpenConnections: number;
			},
		clear: async () => void (await fetch(`${url}/__sandbox/clear`, { method: 'POST' })),
		stop: async () => {
			const exited = new Promise((resolve) => child.on('exit', resolve));
			child.kill('SIGTERM');
			await exited;
			children.delete(child);
		},
	};
}

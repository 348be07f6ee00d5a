// npm run dev checks its ports before it installs anything: a port another program holds is one line
// naming the port, what holds it, and the variable that picks another.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';

import { freePort } from '../../support/n8n/processes';
import { PACKAGE_ROOT } from '../../support/repo';

let taken: Server;
let port: number;
beforeAll(async () => {
	taken = createServer().listen(0, '127.0.0.1');
	await once(taken, 'listening');
	port = (taken.address() as AddressInfo).port;
});
afterAll(() => taken.close());

/** scripts/dev.mjs with `env`: its exit code and what it printed, stopped after 20 s at most. */
async function dev(env: Record<string, string>) {
	const child = spawn(process.execPath, [path.join(PACKAGE_ROOT, 'scripts/dev.mjs')], {
		env: { ...process.env, ...env },
	});
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const timer = AbortSignal.timeout(20_000);
	const stop = () => child.kill('SIGKILL');
	timer.addEventListener('abort', stop);
	const [code] = (await once(child, 'close')) as [number | null];
	timer.removeEventListener('abort', stop);
	return { code, lines: output.trim().split('\n') };
}

it('a taken sandbox port stops npm run dev before it installs anything, in one line', async () => {
	const { code, lines } = await dev({
		SANDBOX_PORT: String(port),
		N8N_PORT: String(await freePort()),
	});
	expect(code).toBe(1);
	// What holds it, as ss names the process: "node", or its main thread's name on Node 24.
	expect(lines).toHaveLength(1);
	expect(lines[0]).toMatch(
		new RegExp(
			`^Port ${port} \\(the sandbox\\) is taken by \\S+ \\(pid ${process.pid}\\): stop it, or pick another with SANDBOX_PORT=<port> npm run dev\\.$`,
		),
	);
});

it('a taken n8n port, or one that is not a number, says which variable picks another', async () => {
	const taken = await dev({ N8N_PORT: String(port) });
	expect(taken.code).toBe(1);
	expect(taken.lines).toHaveLength(1);
	expect(taken.lines[0]).toMatch(new RegExp(`^Port ${port} \\(n8n\\) is taken.*N8N_PORT=<port>`));
	const word = await dev({ N8N_PORT: 'next' });
	expect(word).toEqual({
		code: 1,
		lines: ['N8N_PORT=next is not a port: set N8N_PORT to a number from 1 to 65535.'],
	});
});

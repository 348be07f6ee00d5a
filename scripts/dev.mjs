// npm run dev: the sandbox and a real n8n with this package, the credential and the examples in place.
// Run it again at any time: the package is reinstalled, but what n8n already holds (the credential,
// the example workflows, your edits to them) is kept.
import path from 'node:path';

import { portProblem } from '../.build/support/n8n/processes.js';
import {
	ensureN8n,
	LOCAL_DIR,
	ownerSetupPending,
	setUpDevHome,
	startN8n,
} from '../.build/support/n8n/setup.js';
import { SANDBOX_CREDENTIAL } from '../.build/support/credential.js';
import { startSandbox } from '../.build/support/sandbox/server.js';
import { sandboxSettings } from '../.build/support/sandbox/settings.js';

const n8nPort = Number(process.env.N8N_PORT ?? 5678);
const { port: sandboxPort, options: sandboxOptions } = sandboxSettings();
const started = Date.now();

// Before anything is installed: a port another program holds would stop n8n or the sandbox after it.
for (const [port, variable, what] of [
	[n8nPort, 'N8N_PORT', 'n8n'],
	[sandboxPort, 'SANDBOX_PORT', 'the sandbox'],
]) {
	const problem = await portProblem(port, variable, what);
	if (problem) {
		console.error(problem);
		process.exit(1);
	}
}

const installation = await ensureN8n();
const home = path.join(LOCAL_DIR, 'dev-home');
const sandbox = await startSandbox(sandboxPort, sandboxOptions);
await setUpDevHome(installation, home, sandbox);
const n8n = await startN8n(installation, home, n8nPort);
const firstVisit = (await ownerSetupPending(n8n.url))
	? '   (first visit: create the owner account)'
	: '   (sign in with your owner account)';

console.log(`
Ready in ${Math.round((Date.now() - started) / 1000)} s.
  n8n      ${n8n.url}${firstVisit}
  sandbox  ${sandbox.url}   (token ${sandbox.token}; each request it receives is printed below)
  The "${SANDBOX_CREDENTIAL.name}" credential and the example workflows are in n8n.
  n8n log: ${path.relative(process.cwd(), n8n.logFile)}
Ctrl-C stops both.`);

const shutdown = async () => {
	await n8n.stop();
	await sandbox.stop();
	process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

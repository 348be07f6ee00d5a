// npm run dev: the sandbox and a real n8n with this package, the credential and the examples in place.
// Run it again at any time: the package is reinstalled, but what n8n already holds (the credential,
// the example workflows, your edits to them) is kept.
import path from 'node:path';

import {
	ensureN8n,
	LOCAL_DIR,
	ownerSetupPending,
	setUpDevHome,
	startN8n,
	startSandbox,
} from './n8n-local.mjs';

const n8nPort = Number(process.env.N8N_PORT ?? 5678);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const started = Date.now();

const installation = await ensureN8n();
const home = path.join(LOCAL_DIR, 'dev-home');
const sandbox = await startSandbox(sandboxPort, {
	seedCustomers: Number(process.env.SANDBOX_CUSTOMERS ?? 25),
	seedExamples: true,
	log: (line) => console.log(`  sandbox: ${line}`),
});
await setUpDevHome(installation, home, sandbox);
const n8n = await startN8n(installation, home, n8nPort);
const firstVisit = (await ownerSetupPending(n8n.url))
	? '   (first visit: create the owner account)'
	: '   (sign in with your owner account)';

console.log(`
Ready in ${Math.round((Date.now() - started) / 1000)} s.
  n8n      ${n8n.url}${firstVisit}
  sandbox  ${sandbox.url}   (token ${sandbox.token}; each request it receives is printed below)
  The "Outreach sandbox" credential and the example workflows are in n8n.
  n8n log: ${path.relative(process.cwd(), n8n.logFile)}
Ctrl-C stops both.`);

const shutdown = async () => {
	await n8n.stop();
	await sandbox.stop();
	process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

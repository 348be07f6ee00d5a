// npm run dev: the sandbox and a real n8n with this package, the credential and the examples in place.
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import {
	ensureN8n,
	importCredentialAndExamples,
	installPackage,
	LOCAL_DIR,
	startN8n,
	startSandbox,
} from './n8n-local.mjs';

const n8nPort = Number(process.env.N8N_PORT ?? 5678);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const started = Date.now();

const installation = await ensureN8n();
const home = path.join(LOCAL_DIR, 'dev-home');
mkdirSync(home, { recursive: true });
installPackage(home);
const sandbox = await startSandbox(sandboxPort, {
	seedCustomers: Number(process.env.SANDBOX_CUSTOMERS ?? 25),
});
await importCredentialAndExamples(installation, home, sandbox.url, sandbox.token);
const n8n = await startN8n(installation, home, n8nPort);

console.log(`
Ready in ${Math.round((Date.now() - started) / 1000)} s.
  n8n      ${n8n.url}   (first visit: create the owner account)
  sandbox  ${sandbox.url}   (token ${sandbox.token})
  The "Outreach sandbox" credential and the example workflows are imported.
  n8n log: ${path.relative(process.cwd(), n8n.logFile)}
Ctrl-C stops both.`);

const shutdown = async () => {
	await n8n.stop();
	await sandbox.stop();
	process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

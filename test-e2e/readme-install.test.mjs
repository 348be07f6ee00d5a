// End-to-end: the README's install from a tarball, run exactly as written — the shell blocks of its
// "From a tarball" section, in a fresh folder whose home is a new n8n user folder — then a real n8n
// started on that user folder runs an example with the package those commands installed.
//
// The folder above that home has a package.json of its own, as many users' folders do (or a
// node_modules): npm looks upwards for one, and the commands must install into ~/.n8n/nodes all the same.
//
// The README clones the project's GitHub address; git is told to clone this repository instead
// (its committed HEAD, as a fresh clone gets it). Nothing of this test's own npm run reaches the
// commands: npm's variables and node_modules/.bin are taken out of their environment, as in a user's shell.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { OUTREACH_CREDENTIAL_TYPE, OUTREACH_CREDENTIALS } from '../.build/support/credential.js';
import {
	ensureN8n,
	exampleWorkflowId,
	importCredential,
	n8nCli,
	NEWEST_N8N_VERSION,
} from '../.build/support/n8n/setup.js';
import { freePort } from '../.build/support/n8n/processes.js';
import { PACKAGE_ROOT } from '../.build/support/repo.js';
import { startSandbox } from '../.build/support/sandbox/server.js';

const INSTALL_HEADING = '### From a tarball';
const packageJson = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));

/** The `sh` code blocks of README.md's section under `heading`, up to the next heading of its level or above. */
function readmeShellBlocks(heading) {
	const lines = readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8').split('\n');
	const start = lines.indexOf(heading);
	assert.notEqual(start, -1, `README.md has the heading "${heading}"`);
	const level = heading.indexOf(' ');
	const blocks = [];
	let block;
	for (const line of lines.slice(start + 1)) {
		if (block === undefined && new RegExp(`^#{1,${level}} `).test(line)) break;
		if (block === undefined && line === '```sh') block = [];
		else if (block !== undefined && line === '```') {
			blocks.push(block.join('\n'));
			block = undefined;
		} else if (block !== undefined) block.push(line);
	}
	return blocks;
}

/** A user's shell environment: this test's npm variables and node_modules/.bin taken out, `home` as HOME. */
function userShellEnv(home) {
	const env = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
	);
	env.PATH = (process.env.PATH ?? '')
		.split(path.delimiter)
		.filter((entry) => !/node_modules[\\/]\.bin|node-gyp-bin/.test(entry))
		.join(path.delimiter);
	env.HOME = home;
	// The machine's npm settings (registry) and download cache stay where they are.
	env.npm_config_userconfig = process.env.npm_config_userconfig ?? path.join(homedir(), '.npmrc');
	env.npm_config_cache = process.env.npm_config_cache ?? path.join(homedir(), '.npm');
	// git clones this repository where the README names the GitHub one.
	const address = packageJson.repository.url.replace(/^git\+/, '');
	Object.assign(env, {
		GIT_CONFIG_COUNT: '2',
		GIT_CONFIG_KEY_0: `url.${PACKAGE_ROOT}.insteadOf`,
		GIT_CONFIG_VALUE_0: address,
		GIT_CONFIG_KEY_1: `url.${PACKAGE_ROOT}.insteadOf`,
		GIT_CONFIG_VALUE_1: address.replace(/\.git$/, ''),
	});
	return env;
}

function filesUnder(folder) {
	return readdirSync(folder, { recursive: true }).map((file) => String(file));
}

const OTHER_PROJECT = JSON.stringify({ name: 'another-project', private: true }, null, 2);
let work;
let home;
let installation;
let sandbox;
let commandsOutput = '';
/** The README's commands do not depend on the n8n release: CI runs them with the newest only. */
const skip =
	(process.env.OUTREACH_N8N_VERSION ?? NEWEST_N8N_VERSION) === NEWEST_N8N_VERSION
		? false
		: `the install from a tarball runs with n8n ${NEWEST_N8N_VERSION} only`;

before(
	async () => {
		if (skip) return;
		installation = await ensureN8n();
		work = mkdtempSync(path.join(tmpdir(), 'outreach-readme-install-'));
		home = path.join(work, 'home');
		mkdirSync(home);
		writeFileSync(path.join(work, 'package.json'), OTHER_PROJECT);
		sandbox = await startSandbox(0, { seedCustomers: 30 });
		const script = readmeShellBlocks(INSTALL_HEADING).join('\n');
		try {
			commandsOutput = execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
				cwd: work,
				env: userShellEnv(home),
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
				timeout: 15 * 60_000,
			});
		} catch (error) {
			throw new Error(
				`The README's install commands failed:\n${script}\n\n${error.stdout}\n${error.stderr}`,
			);
		}
	},
	{ timeout: 20 * 60_000 },
);

after(async () => {
	await sandbox?.stop();
	if (work) rmSync(work, { recursive: true, force: true });
});

test(
	'the README’s commands install the package alone into ~/.n8n/nodes, without n8n-workflow or screenshots',
	{ skip },
	() => {
		assert.equal(
			readFileSync(path.join(work, 'package.json'), 'utf8'),
			OTHER_PROJECT,
			'nothing was installed into the project above the home folder',
		);
		const modules = path.join(home, '.n8n', 'nodes', 'node_modules');
		assert.deepEqual(
			readdirSync(modules).filter((name) => !name.startsWith('.')),
			[packageJson.name],
			`only the package is installed (n8n provides n8n-workflow); the commands printed:\n${commandsOutput}`,
		);
		const installed = filesUnder(path.join(modules, packageJson.name));
		assert.ok(installed.includes(path.join('dist', 'nodes', 'Outreach', 'Outreach.node.js')));
		assert.deepEqual(
			installed.filter((file) => /\.png$/i.test(file)),
			[],
			'the tarball carries no screenshots',
		);
	},
);

test(
	'n8n started on that user folder runs the try-it example with the package the README installed',
	{ timeout: 300_000, skip },
	async () => {
		await importCredential(installation, home, sandbox);
		const fileName = 'try-it-list-customers.json';
		const workflow = JSON.parse(
			readFileSync(path.join(PACKAGE_ROOT, 'examples', fileName), 'utf8'),
		);
		workflow.id = exampleWorkflowId(fileName);
		for (const node of workflow.nodes) {
			if (node.credentials?.[OUTREACH_CREDENTIAL_TYPE])
				Object.assign(node.credentials, OUTREACH_CREDENTIALS);
		}
		const workflowFile = path.join(work, fileName);
		writeFileSync(workflowFile, JSON.stringify(workflow));
		const port = await freePort();
		await n8nCli(installation, home, ['import:workflow', `--input=${workflowFile}`], port);
		sandbox.clearRequests();
		const output = await n8nCli(
			installation,
			home,
			['execute', `--id=${workflow.id}`, '--rawOutput'],
			port,
		);
		assert.deepEqual(
			sandbox.requests.map((request) => [request.method, request.rawPath, request.status]),
			[['GET', '/v2/_customers', 200]],
		);
		assert.match(output, /cus_00001/);
	},
);

// npm test: every Jest suite on three n8n engines, one after the other: n8n-core 1.x (this project's
// devDependencies, on this Node), the n8n-core 2.x of the newest n8n release and the n8n-core of the
// oldest release the package supports (each installed once into .n8n-local/, as the end-to-end checks
// use them, and run on the Node each brings: 24, and 22 for the oldest). Arguments go to Jest for all (e.g.
// `npm test -- test/customer`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
	ensureN8n,
	LOCAL_DIR,
	modulesInstalled,
	NEWEST_N8N_VERSION,
	OLDEST_N8N_VERSION,
} from '../.build/support/n8n/setup.js';
import { PACKAGE_ROOT } from '../.build/support/repo.js';

const require = createRequire(import.meta.url);
const jest = require.resolve('jest/bin/jest');
const versionOf = (modules, name) =>
	JSON.parse(readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version;

const ownModules = path.join(PACKAGE_ROOT, 'node_modules');
/** The engine of a real n8n release, installed into .n8n-local/ and run on the Node it brings. */
async function releaseEngine(version, role) {
	const installation = await ensureN8n(version, { database: false });
	const modules = path.join(installation.dir, 'node_modules');
	return {
		label: `n8n-core ${versionOf(modules, 'n8n-core')} (n8n ${version}, ${role})`,
		node: installation.node,
		config: ['--config', path.join(PACKAGE_ROOT, 'jest.n8n2.config.js')],
		env: { OUTREACH_ENGINE_MODULES: modules },
	};
}
/**
 * A release's engine, once its modules are installed: when CI installs it in the background (.ci/run
 * marks it installing until its modules are in place), that install goes first; if it failed, so do
 * this release's tests, without installing it again.
 */
async function installed(version, role) {
	const marker = path.join(LOCAL_DIR, `installing-${version}`);
	if (existsSync(marker)) {
		while (existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 2_000));
		if (!modulesInstalled(version))
			throw new Error(`n8n ${version} did not install beside the tests`);
	}
	return await releaseEngine(version, role);
}
// The project's own engine first: the releases install meanwhile when CI started them, and otherwise
// at once after it (about a quarter faster than one after the other on 2 cores).
let installing;
const releases = () =>
	(installing ??= Promise.all([
		installed(NEWEST_N8N_VERSION, 'the newest'),
		installed(OLDEST_N8N_VERSION, 'the oldest supported'),
	]));
const engines = [
	async () => ({
		label: `n8n-core ${versionOf(ownModules, 'n8n-core')}`,
		node: process.execPath,
		config: [],
	}),
	async () => (await releases())[0],
	async () => (await releases())[1],
];

const countsDir = mkdtempSync(path.join(tmpdir(), 'outreach-engines-'));
const results = [];
try {
	for (const [index, engineOf] of engines.entries()) {
		const engine = await engineOf();
		process.stdout.write(`\n== tests on ${engine.label}\n`);
		const countsFile = path.join(countsDir, `${index}.json`);
		const code = await new Promise((resolve) => {
			const child = spawn(engine.node, [jest, ...engine.config, ...process.argv.slice(2)], {
				cwd: PACKAGE_ROOT,
				stdio: 'inherit',
				env: {
					...process.env,
					...engine.env,
					OUTREACH_ENGINE: engine.label,
					OUTREACH_TEST_COUNTS: countsFile,
				},
			});
			child.on('close', resolve);
		});
		let counts = { passed: 0, failed: 0, skipped: 0 };
		try {
			counts = JSON.parse(readFileSync(countsFile, 'utf8'));
		} catch {
			// Jest stopped before reporting (a configuration error): its exit code says it failed.
		}
		results.push({ ...engine, code, counts });
	}
} finally {
	rmSync(countsDir, { recursive: true, force: true });
}

process.stdout.write('\n');
for (const { label, code, counts } of results) {
	const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
	process.stdout.write(
		`${label}: ${verdict}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
	);
}
const total = (key) => results.reduce((sum, { counts }) => sum + counts[key], 0);
process.stdout.write(
	`tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped\n`,
);
process.exit(results.every(({ code }) => code === 0) ? 0 : 1);

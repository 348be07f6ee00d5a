import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import * as workflow from 'n8n-workflow';

import { PACKAGE_ROOT } from '../../support/engine/engine';

const packageJson = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));

describe('published package', () => {
	it('has no runtime dependencies and n8n-workflow only as a peer', () => {
		expect(packageJson.dependencies ?? {}).toEqual({});
		expect(Object.keys(packageJson.peerDependencies)).toEqual(['n8n-workflow']);
		expect(packageJson.keywords).toContain('n8n-community-node-package');
	});

	it('packs only dist/, package.json, README and LICENSE', () => {
		const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: PACKAGE_ROOT,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		});
		const files = (JSON.parse(output)[0].files as Array<{ path: string }>).map((file) => file.path);
		expect(files.filter((file) => !file.startsWith('dist/')).sort()).toEqual([
			'LICENSE',
			'README.md',
			'package.json',
		]);
		for (const listed of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) {
			expect(files).toContain(listed);
		}
		expect(files).toEqual(
			expect.arrayContaining(['dist/icons/outreach.svg', 'dist/icons/outreach.dark.svg']),
		);
		expect(files.some((file) => /\.test\.|sandbox|spec\//.test(file))).toBe(false);
		// Every compiled module has its source: a stale module of an earlier build never ships.
		for (const file of files.filter((name) => name.endsWith('.js'))) {
			const source = file.replace(/^dist\//, '').replace(/\.js$/, '.ts');
			expect(existsSync(path.join(PACKAGE_ROOT, source))).toBe(true);
		}
	});

	it('uses at run time only what the n8n-workflow of the engine under test exports', () => {
		// n8n hands a community package its own n8n-workflow; n8n 2.x dropped some 1.x exports.
		const used = new Set<string>();
		const dist = path.join(PACKAGE_ROOT, 'dist');
		for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
			if (!file.endsWith('.js')) continue;
			const code = readFileSync(path.join(dist, file), 'utf8');
			for (const [, name] of code.matchAll(/\bn8n_workflow_\d+\.(\w+)/g)) used.add(name);
		}
		expect(used.size).toBeGreaterThan(0);
		const exported = workflow as unknown as Record<string, unknown>;
		expect([...used].filter((name) => exported[name] === undefined)).toEqual([]);
	});
});

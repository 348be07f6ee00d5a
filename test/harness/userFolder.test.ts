import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import ts from 'typescript';

import { PACKAGE_ROOT } from '../../support/repo';

describe('the tests and the bench keep n8n-core out of the user’s own ~/.n8n', () => {
	it('importing support/engine/userFolder first sends n8n-core’s settings to a temporary folder, removed at the end', () => {
		const home = mkdtempSync(path.join(tmpdir(), 'outreach-home-'));
		const work = mkdtempSync(path.join(tmpdir(), 'outreach-user-folder-'));
		const source = readFileSync(path.join(PACKAGE_ROOT, 'support/engine/userFolder.ts'), 'utf8');
		const compiled = ts.transpileModule(source, {
			compilerOptions: {
				module: ts.ModuleKind.CommonJS,
				target: ts.ScriptTarget.ES2021,
				esModuleInterop: true,
			},
		}).outputText;
		writeFileSync(path.join(work, 'userFolder.js'), compiled);
		const script = [
			`const { removeUserFolder } = require(${JSON.stringify(path.join(work, 'userFolder.js'))});`,
			`const { InstanceSettings } = require(${JSON.stringify(require.resolve('n8n-core'))});`,
			`require(${JSON.stringify(require.resolve('@n8n/di'))}).Container.get(InstanceSettings);`,
			'const folder = process.env.N8N_USER_FOLDER;',
			"const settings = require('node:fs').existsSync(require('node:path').join(folder, '.n8n', 'config'));",
			'removeUserFolder();',
			'console.log(JSON.stringify({ folder, settings }));',
		].join('\n');
		const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
		delete env.N8N_USER_FOLDER;
		try {
			const output = execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
			const { folder, settings } = JSON.parse(output.trim().split('\n').at(-1) as string) as {
				folder: string;
				settings: boolean;
			};
			expect(folder.startsWith(tmpdir())).toBe(true);
			expect(settings).toBe(true);
			expect(existsSync(folder)).toBe(false);
			expect(existsSync(path.join(home, '.n8n'))).toBe(false);
		} finally {
			rmSync(home, { recursive: true, force: true });
			rmSync(work, { recursive: true, force: true });
		}
	});
});

// npm run verify: n8n's review gates as n8n's reviewers run them, on this checkout.
// 1. @n8n/scan-community-package's analyzePackage on the source (its SOURCE_FILE_PATTERNS: package.json
//    and nodes/, credentials/), with inline eslint-disable comments ignored, as the scanner does;
// 2. the same scanner on the packed tarball's compiled .js and package.json;
// 3. @n8n/node-cli's ESLint config (eslint.config.mjs, the template's, unchanged) over what ships.
// Prints every finding and exits non-zero if there is any.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ESLint } from 'eslint';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

import { PACKAGE_ROOT } from '../.build/support/repo.js';

const findings = [];

function report(gate, result) {
	const count = result.details
		? (result.details.match(/\d+:\d+\s+(error|warning)/g) ?? []).length
		: 0;
	const problems = result.passed ? 0 : Math.max(count, 1);
	console.log(
		`${problems === 0 ? '✓' : '✗'} ${gate}: ${problems} finding(s)${result.message ? ` (${result.message})` : ''}`,
	);
	if (result.details) console.log(result.details);
	findings.push(problems);
}

const work = mkdtempSync(path.join(tmpdir(), 'outreach-verify-'));
try {
	report('scanner on the source', await analyzePackage(PACKAGE_ROOT, SOURCE_FILE_PATTERNS));

	const [{ filename }] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
			cwd: PACKAGE_ROOT,
			encoding: 'utf8',
		}),
	);
	const unpacked = path.join(work, 'package');
	mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', path.join(work, filename), '-C', unpacked, '--strip-components=1']);
	report(
		'scanner on the packed tarball',
		await analyzePackage(unpacked, ['**/*.js', 'package.json']),
	);

	const eslint = new ESLint({ cwd: PACKAGE_ROOT });
	const results = await eslint.lintFiles(['nodes', 'credentials', 'package.json']);
	const problems = results.reduce((sum, file) => sum + file.errorCount + file.warningCount, 0);
	const details = problems
		? await (await eslint.loadFormatter('stylish')).format(results)
		: undefined;
	report("@n8n/node-cli's ESLint config over nodes/, credentials/, package.json", {
		passed: problems === 0,
		details,
	});
} finally {
	rmSync(work, { recursive: true, force: true });
}

const total = findings.reduce((sum, count) => sum + count, 0);
console.log(`verify: ${total} finding(s) in all`);
process.exit(total === 0 ? 0 : 1);

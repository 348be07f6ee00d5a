import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest folder above `start` that holds a package.json: the repository root. */
function findRepoRoot(start: string): string {
	let dir = start;
	while (!existsSync(path.join(dir, 'package.json'))) {
		const parent = path.dirname(dir);
		if (parent === dir) throw new Error(`No package.json above ${start}`);
		dir = parent;
	}
	return dir;
}

export const PACKAGE_ROOT = findRepoRoot(__dirname);

/** The project's contract of the service, which the sandbox enforces. */
export const SPEC_PATH = path.join(PACKAGE_ROOT, 'spec', 'outreach.openapi.yaml');

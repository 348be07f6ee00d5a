import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// n8n-core writes its settings (an encryption key among them) under the n8n user folder when first
// imported. Import this module before n8n-core, so that folder is a temporary one, never the user's.
const made =
	process.env.N8N_USER_FOLDER === undefined
		? mkdtempSync(path.join(tmpdir(), 'outreach-n8n-'))
		: undefined;
if (made !== undefined) process.env.N8N_USER_FOLDER = made;
process.env.N8N_LOG_LEVEL ??= 'silent';

/** Removes the temporary folder made above, if this module made it: each test file makes one. */
export function removeUserFolder(): void {
	if (made !== undefined) rmSync(made, { recursive: true, force: true });
}

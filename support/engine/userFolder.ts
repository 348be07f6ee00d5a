import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// n8n-core writes its settings (an encryption key among them) under the n8n user folder when first
// imported. Import this module before n8n-core, so that folder is a temporary one, never the user's.
process.env.N8N_USER_FOLDER ??= mkdtempSync(path.join(tmpdir(), 'outreach-n8n-'));
process.env.N8N_LOG_LEVEL ??= 'silent';

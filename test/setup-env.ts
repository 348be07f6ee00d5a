import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// n8n-core writes its settings under the user folder when first imported: keep that out of $HOME.
process.env.N8N_USER_FOLDER ??= mkdtempSync(path.join(tmpdir(), 'outreach-n8n-'));
process.env.N8N_LOG_LEVEL ??= 'silent';

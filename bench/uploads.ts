// One upload scenario of the bench, in a process of its own so that its peak RSS is its own:
// Knowledge Base → Update of UPLOAD_COUNT items with a UPLOAD_MB MB file each, through n8n-core's
// engine, with binary data in memory ("default") or in n8n's filesystem store ("filesystem").
// Prints one JSON line.
import '../support/engine/userFolder';

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { runOutreach } from '../support/engine/engine';
import { DEFAULT_TOKEN } from '../support/sandbox/server';
import { runBenchScript, samplePeakMemory } from './benchProcess';

const mode = process.env.UPLOAD_MODE === 'filesystem' ? 'filesystem' : 'default';
const count = Number(process.env.UPLOAD_COUNT ?? 1);
const megabytes = Number(process.env.UPLOAD_MB ?? 10);
const sandboxUrl = String(process.env.SANDBOX_URL);
const MB = 1_000_000;

async function binaryFor(index: number): Promise<IBinaryData> {
	const content = Buffer.alloc(megabytes * MB, index + 1);
	const meta = { fileName: `doc-${index}.pdf`, mimeType: 'application/pdf' };
	if (mode === 'default') return { ...meta, data: content.toString('base64') };
	const service = Container.get(BinaryDataService);
	return await service.store(
		{ type: 'execution', workflowId: 'bench', executionId: `upload-${index}` },
		content,
		{ ...meta, data: '' },
	);
}

async function main() {
	if (mode === 'filesystem') {
		const service = Container.get(BinaryDataService);
		const config = (service as unknown as { config: Record<string, unknown> }).config;
		Object.assign(config, {
			mode: 'filesystem',
			availableModes: ['filesystem'],
			// Inside the temporary n8n user folder, removed with it at the end.
			localStoragePath: mkdtempSync(path.join(process.env.N8N_USER_FOLDER ?? tmpdir(), 'binary-')),
		});
		await service.init();
	}
	const items: INodeExecutionData[] = [];
	for (let index = 0; index < count; index++) {
		items.push({ json: { index }, binary: { data: await binaryFor(index) } });
	}
	const memory = samplePeakMemory(2);
	const started = performance.now();
	const { error, items: output } = await runOutreach(
		{
			resource: 'knowledgeBase',
			operation: 'update',
			knowledgeBaseId: 'kb_support',
			updateFields: { binaryProperties: 'data' },
		},
		{ items, credentials: { baseUrl: sandboxUrl, accessToken: DEFAULT_TOKEN } },
	);
	const wallMs = performance.now() - started;
	const { rssGrowth } = memory.stop();
	if (error || output.length !== count) throw new Error(`upload failed: ${error?.message}`);
	const uploadedMb = count * megabytes;
	process.stdout.write(
		`${JSON.stringify({ mode, count, megabytes, uploadedMb, peakGrowthMb: rssGrowth / MB, wallMs })}\n`,
	);
}

runBenchScript(main);

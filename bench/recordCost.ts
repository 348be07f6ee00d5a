import { createHash } from 'node:crypto';

import { processedData, runOutreach } from '../support/engine/engine';
import {
	n8nDeduplicationHelper,
	n8nReleaseInstalled,
	N8N_RELEASE_MODULES,
	ProcessedDataTable,
} from '../support/engine/n8nDeduplication';
import { callEachLead, leads } from '../support/leads';
import { DEFAULT_TOKEN } from '../support/sandbox/server';
import { median, print, row, RUNS, section } from './report';
import type { SandboxProcess } from './sandboxProcess';

const RECORD_SIZES = [0, 10_000, 100_000];
const LEAD_COUNTS = [1, 1_000];
const WORKFLOW_ID = 'record-cost';

/**
 * Section 11: what the record of leads (Skip Leads Called Within) costs a run in n8n's own store, by
 * how many entries the node's record already holds: n8n's DeduplicationHelper of the release installed
 * for the end-to-end tests, over an in-memory processed_data table whose rows are copied in and out
 * as a database's are (so a real database adds its own round trips). Each round runs every case with
 * the record and without (Skip Leads Called Within 0), back to back against the fast sandbox.
 */
export async function recordCost(sandbox: SandboxProcess) {
	section(
		'11. The record of leads in n8n’s own store, by the size of the node’s record',
		[
			'entries already recorded',
			'leads',
			'run with the record',
			'without',
			'the record costs',
			'CPU',
		],
		`Medians over ${RUNS} rounds of the per-round difference; wall and CPU of this process (n8n's store included, the sandbox apart).`,
	);
	if (!n8nReleaseInstalled()) {
		print(`Skipped: no n8n release in ${N8N_RELEASE_MODULES} (the end-to-end tests install one).`);
		return;
	}
	const table = new ProcessedDataTable();
	const helper = n8nDeduplicationHelper(table)();
	const filler = Array.from({ length: Math.max(...RECORD_SIZES) }, (_, entry) =>
		createHash('md5').update(`an earlier lead ${entry}`).digest('base64'),
	);
	// n8n-core takes one store per process: the harness's, which hands this section's work to n8n's.
	const methods = ['checkProcessedAndRecord', 'removeProcessed'] as const;
	for (const method of methods)
		Object.assign(processedData, { [method]: helper[method].bind(helper) });
	const measure = async (size: number, count: number, record: boolean) => {
		const where = { workflowId: WORKFLOW_ID, context: 'n:tested' };
		await table.delete(where);
		if (size)
			await table.insert({ ...where, value: { mode: 'entries', data: filler.slice(0, size) } });
		const cpu = process.cpuUsage();
		const started = performance.now();
		const run = await runOutreach(
			{ ...callEachLead, options: record ? {} : { skipLeadsCalledWithin: 0 } },
			{
				items: leads(count),
				credentials: { baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN },
				workflowId: WORKFLOW_ID,
			},
		);
		const wallMs = performance.now() - started;
		const used = process.cpuUsage(cpu);
		if (run.error) throw new Error(`record cost: ${run.error.message}`);
		const called = run.items.filter((item) => typeof item.json.call_id === 'string').length;
		if (called !== count) throw new Error(`record cost: ${called} of ${count} leads called`);
		return { wallMs, cpuMs: (used.user + used.system) / 1_000 };
	};
	try {
		for (const size of RECORD_SIZES) {
			for (const count of LEAD_COUNTS) {
				await measure(size, count, true);
				const rounds: Array<Record<'on' | 'off', { wallMs: number; cpuMs: number }>> = [];
				for (let round = 0; round < RUNS; round++)
					rounds.push({
						on: await measure(size, count, true),
						off: await measure(size, count, false),
					});
				const ms = (values: number[]) => `${Math.round(median(values))} ms`;
				row(
					size.toLocaleString('en'),
					count.toLocaleString('en'),
					ms(rounds.map(({ on }) => on.wallMs)),
					ms(rounds.map(({ off }) => off.wallMs)),
					ms(rounds.map(({ on, off }) => on.wallMs - off.wallMs)),
					ms(rounds.map(({ on, off }) => on.cpuMs - off.cpuMs)),
				);
			}
		}
	} finally {
		for (const method of methods) Reflect.deleteProperty(processedData, method);
	}
}

/**
 * npm run bench: the Outreach node against the floor a declarative node cannot beat, n8n's HTTP
 * Request node and the raw HTTP limit, measured side by side in one run against the sandbox (in its
 * own process); memory of uploads; paging; the package. Prints medians with min–max over BENCH_RUNS.
 */
// First: n8n-core, imported below, must not write into the user's own ~/.n8n.
import '../support/engine/userFolder';
// Before anything reads the bench's variables: the headline unless --all.
import './headline';

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';

import { DEFAULT_CONCURRENT_REQUESTS } from '../nodes/Outreach/shared/constants';
import { runOutreach } from '../support/engine/engine';
import { PACKAGE_ROOT } from '../support/repo';
import { DEFAULT_TOKEN } from '../support/sandbox/server';
import { runBenchScript, samplePeakMemory } from './benchProcess';
import { atTheLimit, fairness, slowService } from './limits';
import { recordCost } from './recordCost';
import { retained } from './retained';
import { median, ms, print, ratio, row, RUNS, section, spread } from './report';
import {
	measureWay,
	PREVIOUS_PACKAGE,
	registerComparedNodes,
	WAY_LABELS,
	type Sample,
	type WayName,
} from './makeCallWays';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';

/** The sections to run, by number (BENCH_SECTIONS=1,7); all when unset. */
const SECTIONS = process.env.BENCH_SECTIONS?.split(',').map(Number);
const wanted = (section: number) => !SECTIONS || SECTIONS.includes(section);
const PER_ITEM_COUNT = 1000;

/** Section 1: wall and CPU time per item of the same 1,000 Make Calls, every way, interleaved round by round. */
async function perItem(sandbox: SandboxProcess) {
	const ways: WayName[] = PREVIOUS_PACKAGE
		? ['node', 'uncapped', 'previous', 'floor', 'http', 'httpFields', 'raw']
		: ['node', 'uncapped', 'floor', 'http', 'httpFields', 'raw'];
	// Warm up every path once (JIT, sockets, module loading).
	for (const way of ways) await measureWay(sandbox, way, 50);
	await measureWay(sandbox, 'helper', 50, DEFAULT_CONCURRENT_REQUESTS);
	const samples = Object.fromEntries(ways.map((way) => [way, [] as Sample[]])) as Record<
		WayName,
		Sample[]
	>;
	// n8n's HTTP helper alone, at the node's cap and with every request at once: what the cap costs
	// any node that sends through n8n, apart from what this node adds.
	const helperAt = { cap: [] as Sample[], once: [] as Sample[] };
	for (let run = 0; run < RUNS; run++) {
		for (const way of ways) {
			const rawConcurrency = samples.node.at(-1)?.maxInFlight ?? PER_ITEM_COUNT;
			samples[way].push(await measureWay(sandbox, way, PER_ITEM_COUNT, rawConcurrency));
		}
		helperAt.cap.push(
			await measureWay(sandbox, 'helper', PER_ITEM_COUNT, DEFAULT_CONCURRENT_REQUESTS),
		);
		helperAt.once.push(await measureWay(sandbox, 'helper', PER_ITEM_COUNT, PER_ITEM_COUNT));
	}
	const cpu = (way: WayName) => median(samples[way].map((sample) => sample.cpuMs));
	const wall = (way: WayName) => median(samples[way].map((sample) => sample.wallMs));
	// Each round measures every way back to back, so a round's ratio is free of the machine's drift.
	const paired = (way: WayName, measure: 'wallMs' | 'cpuMs', over: WayName = 'previous') =>
		samples[way].map((sample, run) => sample[measure] / samples[over][run][measure]);
	const pairedSpread = (values: number[]) =>
		`${median(values).toFixed(2)}× (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×)`;
	section(
		`1. Make Call, ${PER_ITEM_COUNT} items: wall and CPU time per item (same sandbox, same run)`,
		[
			'way',
			'wall ms per item',
			'CPU ms per item',
			'CPU vs floor',
			'CPU vs HTTP Request node',
			'wall vs HTTP Request node',
			'CPU vs HTTP Request node, body as fields',
			'wall vs HTTP Request node, body as fields',
			'max in flight',
		],
		'Medians over the runs, min–max in brackets; CPU is this process only (the sandbox runs apart).',
	);
	for (const way of ways) {
		const wallPerItem = spread(
			samples[way].map((sample) => sample.wallMs),
			PER_ITEM_COUNT,
		);
		const cpuPerItem = spread(
			samples[way].map((sample) => sample.cpuMs),
			PER_ITEM_COUNT,
		);
		row(
			WAY_LABELS[way],
			wallPerItem,
			cpuPerItem,
			ratio(cpu(way), cpu('floor')),
			ratio(cpu(way), cpu('http')),
			ratio(wall(way), wall('http')),
			ratio(cpu(way), cpu('httpFields')),
			ratio(wall(way), wall('httpFields')),
			samples[way].at(-1)?.maxInFlight,
		);
	}
	const helperCpu = (at: Sample[]) => median(at.map((sample) => sample.cpuMs));
	const helperWall = (at: Sample[]) => median(at.map((sample) => sample.wallMs));
	for (const [label, at] of [
		[`${WAY_LABELS.helper}, ${DEFAULT_CONCURRENT_REQUESTS} in flight`, helperAt.cap],
		[`${WAY_LABELS.helper}, all at once`, helperAt.once],
	] as const) {
		row(
			label,
			spread(
				at.map((sample) => sample.wallMs),
				PER_ITEM_COUNT,
			),
			spread(
				at.map((sample) => sample.cpuMs),
				PER_ITEM_COUNT,
			),
			ratio(helperCpu(at), cpu('floor')),
			ratio(helperCpu(at), cpu('http')),
			ratio(helperWall(at), wall('http')),
			ratio(helperCpu(at), cpu('httpFields')),
			ratio(helperWall(at), wall('httpFields')),
			at.at(-1)?.maxInFlight,
		);
	}
	print('');
	print(
		`What the same cap costs n8n's HTTP helper alone: CPU ${ratio(helperCpu(helperAt.cap), helperCpu(helperAt.once))}, wall ${ratio(helperWall(helperAt.cap), helperWall(helperAt.once))} of the helper's with every request at once. The node over the helper's loop at its cap: CPU ${ratio(cpu('node'), helperCpu(helperAt.cap))}, wall ${ratio(wall('node'), helperWall(helperAt.cap))}.`,
	);
	if (PREVIOUS_PACKAGE) {
		print(
			`Against the previous version, same run: wall vs HTTP Request node ${ratio(wall('previous'), wall('http'))} before, ${ratio(wall('node'), wall('http'))} now (${ratio(wall('uncapped'), wall('http'))} uncapped); CPU per item ${ratio(cpu('node'), cpu('previous'))} of before (${ratio(cpu('uncapped'), cpu('previous'))} uncapped).`,
		);
		print(
			`Round by round, the node over the previous version: wall ${pairedSpread(paired('node', 'wallMs'))}, CPU ${pairedSpread(paired('node', 'cpuMs'))}; uncapped: wall ${pairedSpread(paired('uncapped', 'wallMs'))}, CPU ${pairedSpread(paired('uncapped', 'cpuMs'))} (median of ${RUNS} rounds, min–max).`,
		);
	}
	print(
		`Round by round, the node over the HTTP Request node with its body as fields (two expressions an item, as the node's form): wall ${pairedSpread(paired('node', 'wallMs', 'httpFields'))}, CPU ${pairedSpread(paired('node', 'cpuMs', 'httpFields'))}; over the HTTP Request node with one JSON expression: wall ${pairedSpread(paired('node', 'wallMs', 'http'))}, CPU ${pairedSpread(paired('node', 'cpuMs', 'http'))}.`,
	);
	print(
		`What the cap of ${DEFAULT_CONCURRENT_REQUESTS} in flight costs against a sandbox that admits everything: wall ${ratio(wall('node'), wall('uncapped'))}, CPU ${ratio(cpu('node'), cpu('uncapped'))} of the uncapped node's.`,
	);
	print(
		`Our node over the floor: CPU ${ratio(cpu('node'), cpu('floor'))}, wall ${ratio(wall('node'), wall('floor'))}. The floor over the HTTP Request node: CPU ${ratio(cpu('floor'), cpu('http'))} (n8n's routing engine).`,
	);
}

/** Section 2: how the per-item cost changes with the number of items. */
async function scaling(sandbox: SandboxProcess) {
	section('2. Scaling: Make Call through the engine', [
		'items',
		'wall',
		'wall per item',
		'CPU per item',
		'max in flight',
	]);
	for (const items of [1, 100, 1000, 10000]) {
		const samples: Sample[] = [];
		for (let run = 0; run < (items >= 10000 ? Math.min(RUNS, 3) : RUNS); run++) {
			samples.push(await measureWay(sandbox, 'node', items));
		}
		const wall = median(samples.map((sample) => sample.wallMs));
		const cpu = median(samples.map((sample) => sample.cpuMs));
		row(items, ms(wall), ms(wall / items), ms(cpu / items), samples.at(-1)?.maxInFlight);
	}
}

/** Section 3: peak RSS growth of Knowledge Base → Update uploads, each scenario in its own process. */
async function uploads(sandbox: SandboxProcess) {
	section('3. Knowledge Base → Update: peak RSS growth per MB uploaded (each in a fresh process)', [
		'binary data mode',
		'files × size',
		'uploaded',
		'peak RSS growth',
		'per MB uploaded',
		'per file vs 1 × 10 MB',
		'wall',
	]);
	for (const mode of ['default', 'filesystem']) {
		let single: number | undefined;
		for (const [count, megabytes] of [
			[1, 10],
			[10, 10],
			[1, 50],
		]) {
			const output = execFileSync(
				process.execPath,
				['--expose-gc', path.join(PACKAGE_ROOT, '.build/bench/uploads.js')],
				{
					env: {
						...process.env,
						SANDBOX_URL: sandbox.url,
						UPLOAD_MODE: mode,
						UPLOAD_COUNT: String(count),
						UPLOAD_MB: String(megabytes),
					},
					encoding: 'utf8',
				},
			);
			const result = JSON.parse(output.trim().split('\n').at(-1) as string) as {
				uploadedMb: number;
				peakGrowthMb: number;
				wallMs: number;
			};
			const perMb = result.peakGrowthMb / result.uploadedMb;
			if (count === 1 && megabytes === 10) single = perMb;
			const perFile = count === 10 && single ? ratio(perMb, single) : '—';
			row(
				mode,
				`${count} × ${megabytes} MB`,
				`${result.uploadedMb} MB`,
				`${result.peakGrowthMb.toFixed(0)} MB`,
				`${perMb.toFixed(2)} MB`,
				perFile,
				ms(result.wallMs),
			);
		}
	}
}

/** Section 5: Return All over large lists. */
async function returnAll() {
	section('5. Customer → Get Many, Return All (100 per page)', [
		'records',
		'requests',
		'ceil(N/100)',
		'time',
		'peak heap growth',
		'peak RSS growth',
	]);
	for (const records of [10_000, 100_000]) {
		const big = await startSandboxProcess(records);
		try {
			const memory = samplePeakMemory(5);
			await big.clear();
			const started = performance.now();
			const { items, error } = await runOutreach(
				{ resource: 'customer', operation: 'getAll', returnAll: true },
				{ credentials: { baseUrl: big.url, accessToken: DEFAULT_TOKEN } },
			);
			const elapsed = performance.now() - started;
			const { heapGrowth, rssGrowth } = memory.stop();
			const { requests } = await big.stats();
			if (error || items.length !== records)
				throw new Error(`Return All ${records}: ${error?.message ?? items.length}`);
			const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
			row(
				records,
				requests,
				Math.ceil(records / 100),
				ms(elapsed),
				mib(heapGrowth),
				mib(rssGrowth),
			);
			if (requests !== Math.ceil(records / 100))
				throw new Error(`Return All ${records}: ${requests} requests`);
		} finally {
			await big.stop();
		}
	}
}

function dirSize(dir: string): number {
	return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
		const full = path.join(dir, entry.name);
		return total + (entry.isDirectory() ? dirSize(full) : statSync(full).size);
	}, 0);
}

/** Section 6: what installing and loading the package costs. */
function packageCost() {
	const packageJson = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
	const requireTime = (file: string) =>
		median(
			Array.from({ length: RUNS }, () =>
				Number(
					execFileSync(
						process.execPath,
						[
							'-e',
							`const t=process.hrtime.bigint();require(${JSON.stringify(path.join(PACKAGE_ROOT, file))});console.log(Number(process.hrtime.bigint()-t)/1e6)`,
						],
						{ encoding: 'utf8' },
					),
				),
			),
		);
	section('6. Package', [
		'dist/ size',
		'require() Outreach node',
		'require() Outreach Trigger',
		'require() credential',
		'runtime dependencies',
	]);
	row(
		`${(dirSize(path.join(PACKAGE_ROOT, 'dist')) / 1024).toFixed(0)} KiB`,
		ms(requireTime('dist/nodes/Outreach/Outreach.node.js')),
		ms(requireTime('dist/nodes/OutreachTrigger/OutreachTrigger.node.js')),
		ms(requireTime('dist/credentials/OutreachApi.credentials.js')),
		Object.keys(packageJson.dependencies ?? {}).length,
	);
}

/** Section 4: the sandbox's own throughput, so that its limit is not mistaken for the node's. */
async function sandboxThroughput(sandbox: SandboxProcess) {
	section('4. Sandbox throughput (raw fetch, Make Call, 2,000 requests)', [
		'concurrency',
		'requests/s',
	]);
	for (const concurrency of [1, 16, 64, 256]) {
		const { wallMs } = await measureWay(sandbox, 'raw', 2000, concurrency);
		row(concurrency, Math.round(2000 / (wallMs / 1000)));
	}
}

async function main() {
	print(
		`# Benchmark (${new Date().toISOString()}): ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${RUNS} runs`,
	);
	registerComparedNodes(wanted(1) || wanted(9));
	if ([1, 2, 3, 4, 8].some(wanted)) {
		const sandbox = await startSandboxProcess(100);
		try {
			if (wanted(1)) await perItem(sandbox);
			if (wanted(2)) await scaling(sandbox);
			if (wanted(3)) await uploads(sandbox);
			if (wanted(4)) await sandboxThroughput(sandbox);
			if (wanted(8)) await retained(sandbox);
		} finally {
			await sandbox.stop();
		}
	}
	if (wanted(5)) await returnAll();
	if (wanted(6)) packageCost();
	if (wanted(7)) await atTheLimit();
	if (wanted(9)) await slowService();
	if (wanted(10)) await fairness();
	if (wanted(11)) await recordCost();
}

runBenchScript(main);

/**
 * npm run bench: the Outreach node against the raw HTTP limit and n8n's HTTP Request node, measured
 * side by side in one run against the sandbox (in its own process). Prints medians over BENCH_RUNS runs.
 */
// First: n8n-core, imported below, must not write into the user's own ~/.n8n.
import '../support/engine/userFolder';

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';

import type { INode, INodeExecutionData, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { DEFAULT_TOKEN } from '../support/sandbox/server';
import { INPUT_NODE_TYPE } from '../support/engine/input-node';
import {
	nodeTypes,
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_NODE_TYPE,
	PACKAGE_ROOT,
	runOutreach,
	runWorkflow,
	shutdownEngine,
} from '../support/engine/engine';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HTTP_NODE_VERSION = '1.121.53'; // the n8n-nodes-base that n8n 1.123.81 ships with our n8n-core 1.122.48
const BENCH_DEPS = path.join(PACKAGE_ROOT, '.bench-deps');

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

interface SandboxProcess {
	url: string;
	stats(): Promise<{ requests: number; maxOpenConnections: number }>;
	clear(): Promise<void>;
	stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** The sandbox in its own process (so it does not share this one's event loop), on an ephemeral port. */
async function startSandbox(customers: number): Promise<SandboxProcess> {
	const child: ChildProcess = spawn(
		process.execPath,
		[path.join(PACKAGE_ROOT, '.build/support/sandbox/cli.js')],
		{
			env: {
				...process.env,
				SANDBOX_PORT: '0',
				SANDBOX_CUSTOMERS: String(customers),
				SANDBOX_RECORDING: 'false',
				SANDBOX_LOG: 'false',
			},
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	children.add(child);
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout!.on('data', (chunk: Buffer) => {
			const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
			if (match) resolve(match[1]);
		});
		child.on('exit', (code) => reject(new Error(`sandbox exited (${code}) before listening`)));
	});
	return {
		url,
		stats: async () =>
			(await (await fetch(`${url}/__sandbox/stats`)).json()) as {
				requests: number;
				maxOpenConnections: number;
			},
		clear: async () => void (await fetch(`${url}/__sandbox/clear`, { method: 'POST' })),
		stop: async () => {
			const exited = new Promise((resolve) => child.on('exit', resolve));
			child.kill('SIGTERM');
			await exited;
			children.delete(child);
		},
	};
}

function leads(count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, index) => ({
		json: { name: `Lead ${index}`, phone: `+1415${String(index).padStart(7, '0')}` },
	}));
}

const makeCallParameters = {
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: '={{ $json.phone }}',
	callFields: { customerName: '={{ $json.name }}', callPurpose: 'Benchmark' },
};

async function outreachNode(sandbox: SandboxProcess, count: number): Promise<number> {
	const started = performance.now();
	const { items, error } = await runOutreach(makeCallParameters, {
		items: leads(count),
		credentials: { baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN },
	});
	const elapsed = performance.now() - started;
	if (error || items.length !== count)
		throw new Error(`Outreach node run failed: ${error?.message ?? items.length}`);
	return elapsed;
}

/** n8n's HTTP Request node, installed into .bench-deps only for this benchmark, sharing our n8n-core. */
function loadHttpRequestNode(): INodeType | IVersionedNodeType {
	const nodeFile = path.join(
		BENCH_DEPS,
		'node_modules/n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js',
	);
	if (!existsSync(nodeFile)) {
		process.stderr.write(
			`installing n8n-nodes-base@${HTTP_NODE_VERSION} into .bench-deps (benchmark only)…\n`,
		);
		mkdirSync(BENCH_DEPS, { recursive: true });
		writeFileSync(
			path.join(BENCH_DEPS, 'package.json'),
			// xlsx: the version n8n-nodes-base names is a tarball outside the registry.
			JSON.stringify({
				private: true,
				dependencies: { 'n8n-nodes-base': HTTP_NODE_VERSION },
				overrides: { xlsx: '0.18.5' },
			}),
		);
		execFileSync(
			'npm',
			['install', '--ignore-scripts', '--legacy-peer-deps', '--no-audit', '--no-fund'],
			{ cwd: BENCH_DEPS, stdio: 'inherit' },
		);
		// Resolve n8n-workflow and n8n-core to the engine's own copies, as inside n8n.
		for (const shared of ['n8n-workflow', 'n8n-core'])
			rmSync(path.join(BENCH_DEPS, 'node_modules', shared), { recursive: true, force: true });
	}
	// A path known only at run time (the bench-only install), so a plain require.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(nodeFile) as { HttpRequest: new () => IVersionedNodeType };
	return new HttpRequest();
}

async function httpRequestNode(sandbox: SandboxProcess, count: number): Promise<number> {
	const nodes: INode[] = [
		{
			id: 'in',
			name: 'Input Items',
			type: INPUT_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: leads(count) as never },
		},
		{
			id: 'http',
			name: 'HTTP Request',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [200, 0],
			credentials: { [OUTREACH_CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Outreach' } },
			parameters: {
				method: 'POST',
				url: `${sandbox.url}/v2/_voicecalls/agent-7/makeCall`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: OUTREACH_CREDENTIAL_TYPE,
				sendBody: true,
				specifyBody: 'json',
				jsonBody:
					'={{ { agent_id: "agent-7", phone_number: $json.phone, customer_name: $json.name, call_purpose: "Benchmark" } }}',
				options: {},
			},
		},
	];
	const started = performance.now();
	const result = await runWorkflow(
		{
			nodes,
			connections: {
				'Input Items': { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] },
			},
		},
		{ [OUTREACH_CREDENTIAL_TYPE]: { baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN } },
	);
	const elapsed = performance.now() - started;
	if (result.error || result.output('HTTP Request').length !== count) {
		throw new Error(
			`HTTP Request node run failed: ${result.error?.message ?? result.output('HTTP Request').length}`,
		);
	}
	return elapsed;
}

/** The same requests from a plain fetch loop with `concurrency` requests in flight: the physical limit. */
async function rawFetch(
	sandbox: SandboxProcess,
	count: number,
	concurrency: number,
): Promise<number> {
	const bodies = leads(count).map(({ json }) =>
		JSON.stringify({
			agent_id: 'agent-7',
			phone_number: json.phone,
			customer_name: json.name,
			call_purpose: 'Benchmark',
		}),
	);
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, async () => {
			while (next < count) {
				const body = bodies[next++];
				const response = await fetch(`${sandbox.url}/v2/_voicecalls/agent-7/makeCall`, {
					method: 'POST',
					headers: {
						authorization: `Bearer ${DEFAULT_TOKEN}`,
						'content-type': 'application/json',
						accept: 'application/json',
					},
					body,
				});
				if (!response.ok) throw new Error(`raw fetch got ${response.status}`);
				await response.arrayBuffer();
			}
		}),
	);
	return performance.now() - started;
}

async function measure(label: string, sandbox: SandboxProcess, run: () => Promise<number>) {
	await sandbox.clear();
	const elapsed = await run();
	const stats = await sandbox.stats();
	// Open connections stand for requests in flight: the sandbox answers each request synchronously.
	return { label, elapsed, requests: stats.requests, maxInFlight: stats.maxOpenConnections };
}

function dirSize(dir: string): number {
	return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
		const full = path.join(dir, entry.name);
		return total + (entry.isDirectory() ? dirSize(full) : statSync(full).size);
	}, 0);
}

/** A copy of the Outreach node whose description keeps only the properties one operation shows. */
function leanNodeFor(resource: string, operation: string): INodeType {
	const full = nodeTypes.getByNameAndVersion(OUTREACH_NODE_TYPE);
	const shown = full.description.properties.filter((property) => {
		const show = property.displayOptions?.show;
		const fits = (key: string, value: string) =>
			!show?.[key] || (show[key] as string[]).includes(value);
		return (
			fits('resource', resource) &&
			fits('operation', operation) &&
			!property.displayOptions?.hide?.operation?.includes(operation)
		);
	});
	return { ...full, description: { ...full.description, properties: shown } } as INodeType;
}

async function main() {
	const rows: string[] = [];
	const print = (line = '') => {
		rows.push(line);
		process.stdout.write(`${line}\n`);
	};
	print(
		`# Benchmark (${new Date().toISOString()}): ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; medians of ${RUNS} runs`,
	);

	const sandbox = await startSandbox(100);
	const httpNode = loadHttpRequestNode();
	nodeTypes.register('n8n-nodes-base.httpRequest', httpNode as INodeType);
	try {
		// Warm up every path once (JIT, sockets, module loading).
		await outreachNode(sandbox, 50);
		await httpRequestNode(sandbox, 50);
		await rawFetch(sandbox, 50, 50);

		// 1. Per item: 1,000 Make Call items, three ways, interleaved run by run.
		const count = 1000;
		const samples: Record<string, number[]> = { node: [], http: [], raw: [] };
		let inFlight = { node: 0, http: 0, raw: 0 };
		for (let run = 0; run < RUNS; run++) {
			const node = await measure('node', sandbox, () => outreachNode(sandbox, count));
			const http = await measure('http', sandbox, () => httpRequestNode(sandbox, count));
			const raw = await measure('raw', sandbox, () => rawFetch(sandbox, count, node.maxInFlight));
			for (const result of [node, http, raw]) {
				if (result.requests !== count)
					throw new Error(`${result.label}: ${result.requests} requests, expected ${count}`);
				samples[result.label].push(result.elapsed);
			}
			inFlight = { node: node.maxInFlight, http: http.maxInFlight, raw: raw.maxInFlight };
		}
		const [node, http, raw] = [median(samples.node), median(samples.http), median(samples.raw)];
		print();
		print(`## 1. Make Call, ${count} items (same sandbox, same run)`);
		print('| way | time | per item | vs raw fetch | vs HTTP Request node | max in flight |');
		print('|---|---|---|---|---|---|');
		print(
			`| Outreach node (engine) | ${ms(node)} | ${ms(node / count)} | ${ratio(node, raw)} | ${ratio(node, http)} | ${inFlight.node} |`,
		);
		print(
			`| HTTP Request node (engine) | ${ms(http)} | ${ms(http / count)} | ${ratio(http, raw)} | 1.00× | ${inFlight.http} |`,
		);
		print(
			`| raw fetch loop | ${ms(raw)} | ${ms(raw / count)} | 1.00× | ${ratio(raw, http)} | ${inFlight.raw} |`,
		);

		// Cost of the description's size: the same run with only Make Call's own properties.
		nodeTypes.register('bench.leanOutreach', leanNodeFor('call', 'make'));
		const lean: number[] = [];
		const full: number[] = [];
		for (let run = 0; run < RUNS; run++) {
			full.push(await outreachNode(sandbox, count));
			const started = performance.now();
			const result = await runWorkflow(
				{
					nodes: [
						{
							id: 'in',
							name: 'Input Items',
							type: INPUT_NODE_TYPE,
							typeVersion: 1,
							position: [0, 0],
							parameters: { items: leads(count) as never },
						},
						{
							id: 'lean',
							name: 'Lean',
							type: 'bench.leanOutreach',
							typeVersion: 1,
							position: [200, 0],
							parameters: makeCallParameters,
							credentials: { [OUTREACH_CREDENTIAL_TYPE]: { id: 'c', name: 'c' } },
						},
					],
					connections: { 'Input Items': { main: [[{ node: 'Lean', type: 'main', index: 0 }]] } },
				},
				{ [OUTREACH_CREDENTIAL_TYPE]: { baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN } },
			);
			lean.push(performance.now() - started);
			if (result.output('Lean').length !== count) throw new Error('lean run failed');
		}
		const description =
			nodeTypes.getByNameAndVersion(OUTREACH_NODE_TYPE).description.properties.length;
		const leanCount = leanNodeFor('call', 'make').description.properties.length;
		print();
		print(
			`Description size: full node (${description} top-level properties) ${ms(median(full))} vs Make Call's ${leanCount} properties only ${ms(median(lean))}: ${ratio(median(full), median(lean))}.`,
		);

		// 2. Scaling.
		print();
		print('## 2. Scaling: Make Call through the engine');
		print('| items | time | per item | max in flight |');
		print('|---|---|---|---|');
		for (const items of [1, 100, 1000, 10000]) {
			const times: number[] = [];
			let maxInFlight = 0;
			for (let run = 0; run < (items >= 10000 ? Math.min(RUNS, 3) : RUNS); run++) {
				const result = await measure('node', sandbox, () => outreachNode(sandbox, items));
				if (result.requests !== items)
					throw new Error(`scaling ${items}: ${result.requests} requests`);
				times.push(result.elapsed);
				maxInFlight = result.maxInFlight;
			}
			print(`| ${items} | ${ms(median(times))} | ${ms(median(times) / items)} | ${maxInFlight} |`);
		}

		// 5. The sandbox's own throughput at a few concurrencies.
		print();
		print('## 5. Sandbox throughput (raw fetch, Make Call, 2,000 requests)');
		print('| concurrency | requests/s |');
		print('|---|---|');
		for (const concurrency of [1, 16, 64, 256]) {
			const elapsed = median(
				await Promise.all([0].map(() => rawFetch(sandbox, 2000, concurrency))),
			);
			print(`| ${concurrency} | ${Math.round(2000 / (elapsed / 1000))} |`);
		}
	} finally {
		await sandbox.stop();
	}

	// 3. Return All over large lists.
	print();
	print('## 3. Customer → Get Many, Return All (100 per page)');
	print('| records | requests | ceil(N/100) | time | peak heap growth | peak RSS growth |');
	print('|---|---|---|---|---|---|');
	for (const records of [10_000, 100_000]) {
		const big = await startSandbox(records);
		try {
			global.gc?.();
			const baseline = process.memoryUsage();
			let peakHeap = baseline.heapUsed;
			let peakRss = baseline.rss;
			const sampler = setInterval(() => {
				const usage = process.memoryUsage();
				peakHeap = Math.max(peakHeap, usage.heapUsed);
				peakRss = Math.max(peakRss, usage.rss);
			}, 5);
			await big.clear();
			const started = performance.now();
			const { items, error } = await runOutreach(
				{ resource: 'customer', operation: 'getAll', returnAll: true },
				{ credentials: { baseUrl: big.url, accessToken: DEFAULT_TOKEN } },
			);
			const elapsed = performance.now() - started;
			clearInterval(sampler);
			const { requests } = await big.stats();
			if (error || items.length !== records)
				throw new Error(`Return All ${records}: ${error?.message ?? items.length}`);
			const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
			print(
				`| ${records} | ${requests} | ${Math.ceil(records / 100)} | ${ms(elapsed)} | ${mib(peakHeap - baseline.heapUsed)} | ${mib(peakRss - baseline.rss)} |`,
			);
			if (requests !== Math.ceil(records / 100))
				throw new Error(`Return All ${records}: ${requests} requests`);
		} finally {
			await big.stop();
		}
	}

	// 4. Package.
	const packageJson = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
	const requireTimes = (file: string) =>
		median(
			Array.from({ length: RUNS }, () =>
				Number(
					execFileSync(
						process.execPath,
						[
							'-e',
							`const t=process.hrtime.bigint();require(${JSON.stringify(path.join(PACKAGE_ROOT, file))});console.log(Number(process.hrtime.bigint()-t)/1e6)`,
						],
						{
							encoding: 'utf8',
						},
					),
				),
			),
		);
	print();
	print('## 4. Package');
	print(
		'| dist/ size | require() Outreach node | require() Outreach Trigger | require() credential | runtime dependencies |',
	);
	print('|---|---|---|---|---|');
	print(
		`| ${(dirSize(path.join(PACKAGE_ROOT, 'dist')) / 1024).toFixed(0)} KiB | ${ms(requireTimes('dist/nodes/Outreach/Outreach.node.js'))} | ${ms(requireTimes('dist/nodes/OutreachTrigger/OutreachTrigger.node.js'))} | ${ms(requireTimes('dist/credentials/OutreachApi.credentials.js'))} | ${Object.keys(packageJson.dependencies ?? {}).length} |`,
	);
}

main()
	.then(() => shutdownEngine())
	.catch((error) => {
		process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
		process.exit(1);
	});

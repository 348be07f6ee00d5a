import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// n8n's HTTP helper as every node's this.helpers.httpRequest calls it, for a loop of its own.
import { httpRequest } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions';
import {
	NodeConnectionTypes,
	type ICredentialType,
	type INodeParameters,
	type INodeType,
	type IVersionedNodeType,
} from 'n8n-workflow';

import { OUTREACH_BASE_URL_EXPRESSION } from '../credentials/OutreachApi.credentials';
import {
	nodeTypes,
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_NODE_TYPE,
	runAfterInputItems,
	useCredentialDefinition,
} from '../support/engine/engine';
import { leads } from '../support/leads';
import { PACKAGE_ROOT } from '../support/repo';
import { DEFAULT_TOKEN } from '../support/sandbox/server';
import type { SandboxProcess } from './sandboxProcess';

/** Loads a module whose path is known only at run time (the bench-only install, another checkout). */
const loadAtRunTime = createRequire(__filename);

/** n8n-nodes-base as n8n 1.123.81 ships it beside our n8n-core 1.122.48. */
const HTTP_NODE_VERSION = '1.121.53';
const BENCH_DEPS = path.join(PACKAGE_ROOT, '.bench-deps');
const FLOOR_NODE_TYPE = 'bench.declarativeFloor';
export const PREVIOUS_NODE_TYPE = 'bench.previousOutreach';
/** A checkout of an earlier version, built: its Outreach node is measured in the same run (before/after). */
export const PREVIOUS_PACKAGE = process.env.BENCH_PREVIOUS_PACKAGE;
const HTTP_NODE_TYPE = 'n8n-nodes-base.httpRequest';

/** Every way sends this call for each lead: POST MAKE_CALL_PATH with the lead's phone and name. */
const AGENT_ID = 'agent-7';
const CALL_PURPOSE = 'Benchmark';
const MAKE_CALL_PATH = `/v2/_voicecalls/${AGENT_ID}/makeCall`;

/** Make Call with two expressions from the input item, as the CRM example has it. */
const makeCallParameters: INodeParameters = {
	resource: 'call',
	operation: 'make',
	agentId: AGENT_ID,
	phoneNumber: '={{ $json.phone }}',
	callFields: { customerName: '={{ $json.name }}', callPurpose: CALL_PURPOSE },
};

/**
 * The floor a declarative node cannot go below: the same request (same credential, same body, same
 * two expressions) from plain routing — a URL expression and `send.property` — with no checks at all.
 */
const declarativeFloor: INodeType = {
	description: {
		displayName: 'Declarative Floor',
		name: 'declarativeFloor',
		group: ['transform'],
		version: 1,
		description: 'Make Call with nothing but n8n routing',
		defaults: { name: 'Floor' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: OUTREACH_CREDENTIAL_TYPE, required: true }],
		requestDefaults: {
			baseURL: OUTREACH_BASE_URL_EXPRESSION,
			// The credential type has no authenticate of its own: the token goes in a header here.
			headers: {
				Accept: 'application/json',
				Authorization: '=Bearer {{ String($credentials.accessToken).trim() }}',
			},
			json: true,
		},
		properties: [
			{
				displayName: 'Agent ID',
				name: 'agentId',
				type: 'string',
				default: '',
				routing: {
					request: { method: 'POST', url: '=/v2/_voicecalls/{{$value}}/makeCall' },
					send: { type: 'body', property: 'agent_id' },
				},
			},
			{
				displayName: 'Phone Number',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				routing: { send: { type: 'body', property: 'phone_number' } },
			},
			{
				displayName: 'Additional Fields',
				name: 'callFields',
				type: 'collection',
				default: {},
				options: [
					{
						displayName: 'Call Purpose',
						name: 'callPurpose',
						type: 'string',
						default: '',
						routing: { send: { type: 'body', property: 'call_purpose' } },
					},
					{
						displayName: 'Customer Name',
						name: 'customerName',
						type: 'string',
						default: '',
						routing: { send: { type: 'body', property: 'customer_name' } },
					},
				],
			},
		],
	},
};

/** n8n's HTTP Request node, installed into .bench-deps for the benchmark only, sharing our n8n-core. */
function httpRequestNode(): IVersionedNodeType {
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
	const { HttpRequest } = loadAtRunTime(nodeFile) as { HttpRequest: new () => IVersionedNodeType };
	return new HttpRequest();
}

/**
 * Registers the floor, any previous version and, when asked (it is installed on first use), the HTTP
 * Request node beside the package's nodes.
 */
export function registerComparedNodes(withHttpRequestNode: boolean): void {
	nodeTypes.register(FLOOR_NODE_TYPE, declarativeFloor);
	if (withHttpRequestNode)
		nodeTypes.register(HTTP_NODE_TYPE, httpRequestNode() as unknown as INodeType);
	if (PREVIOUS_PACKAGE) {
		const nodeFile = path.join(PREVIOUS_PACKAGE, 'dist/nodes/Outreach/Outreach.node.js');
		const { Outreach } = loadAtRunTime(nodeFile) as { Outreach: new () => INodeType };
		nodeTypes.register(PREVIOUS_NODE_TYPE, new Outreach());
		// Earlier releases authenticated through the credential type's own definition.
		const credentialFile = path.join(
			PREVIOUS_PACKAGE,
			'dist/credentials/OutreachApi.credentials.js',
		);
		const { OutreachApi } = loadAtRunTime(credentialFile) as {
			OutreachApi: new () => ICredentialType;
		};
		useCredentialDefinition(PREVIOUS_NODE_TYPE, new OutreachApi());
	}
}

function httpRequestParameters(sandbox: SandboxProcess): INodeParameters {
	return {
		method: 'POST',
		url: `${sandbox.url}${MAKE_CALL_PATH}`,
		// The Outreach API credential cannot be used by the HTTP Request node: the token goes in a header.
		authentication: 'none',
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${DEFAULT_TOKEN}` }] },
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ { agent_id: "${AGENT_ID}", phone_number: $json.phone, customer_name: $json.name, call_purpose: "${CALL_PURPOSE}" } }}`,
		options: {},
	};
}

/**
 * The HTTP Request node with its body as fields (its default way to specify a body): the same two
 * expressions per item as the Outreach node's form, where the JSON body above has one.
 */
function httpRequestFieldParameters(sandbox: SandboxProcess): INodeParameters {
	return {
		...httpRequestParameters(sandbox),
		specifyBody: 'keypair',
		jsonBody: undefined,
		bodyParameters: {
			parameters: [
				{ name: 'agent_id', value: AGENT_ID },
				{ name: 'phone_number', value: '={{ $json.phone }}' },
				{ name: 'customer_name', value: '={{ $json.name }}' },
				{ name: 'call_purpose', value: CALL_PURPOSE },
			],
		},
	};
}

/**
 * The node with its cap on requests in flight lifted to every item at once, as before the cap: what
 * the default's bound costs against a service that admits everything.
 */
const UNCAPPED_CONCURRENCY = 1_000;

export type WayName =
	| 'node'
	| 'uncapped'
	| 'previous'
	| 'floor'
	| 'http'
	| 'httpFields'
	| 'raw'
	| 'helper';

export const WAY_LABELS: Record<WayName, string> = {
	node: 'Outreach node',
	uncapped: `Outreach node, Max Concurrent Requests ${UNCAPPED_CONCURRENCY.toLocaleString('en-US')}`,
	previous: `Outreach node, previous version (${PREVIOUS_PACKAGE ?? 'none'})`,
	floor: 'minimal declarative node (floor)',
	http: 'n8n HTTP Request node',
	httpFields: 'n8n HTTP Request node, body as fields',
	raw: 'raw fetch loop',
	helper: 'loop on n8n’s HTTP helper',
};

/** The ways that are loops of their own, not nodes run by the engine. */
type LoopWay = 'raw' | 'helper';

/** The node type and version each way through the engine runs. */
const ENGINE_WAY_NODES: Record<Exclude<WayName, LoopWay>, [type: string, typeVersion: number]> = {
	node: [OUTREACH_NODE_TYPE, 1],
	uncapped: [OUTREACH_NODE_TYPE, 1],
	previous: [PREVIOUS_NODE_TYPE, 1],
	floor: [FLOOR_NODE_TYPE, 1],
	http: [HTTP_NODE_TYPE, 4.2],
	httpFields: [HTTP_NODE_TYPE, 4.2],
};

/** Runs "Input Items → one node" with `count` leads through n8n-core's engine. */
async function runThroughEngine(
	sandbox: SandboxProcess,
	way: Exclude<WayName, LoopWay>,
	count: number,
): Promise<void> {
	const [type, typeVersion] = ENGINE_WAY_NODES[way];
	const parameters =
		way === 'http'
			? httpRequestParameters(sandbox)
			: way === 'httpFields'
				? httpRequestFieldParameters(sandbox)
				: way === 'uncapped'
					? { ...makeCallParameters, options: { maxConcurrentRequests: UNCAPPED_CONCURRENCY } }
					: makeCallParameters;
	const result = await runAfterInputItems(
		{ name: 'Measured', type, typeVersion, parameters },
		leads(count),
		{ baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN },
	);
	const output = result.items;
	if (result.error || output.length !== count || output.some((item) => item.error)) {
		throw new Error(`${WAY_LABELS[way]} failed: ${result.error?.message ?? output.length}`);
	}
}

/** What one way made of Make Calls against a service that refuses some: every item kept. */
export interface LimitedSample {
	wallMs: number;
	placed: number;
	errors: number;
	requests: number;
	refused: number;
}

/** Service accounts handed out so far: each measurement against a limit has one of its own. */
let accounts = 0;

/** How a measurement against a limit runs: on which service account, with which setting. */
interface LimitedRun {
	/** The service account (the sandbox's token and ".n"); a new one unless given. */
	account?: string;
	/** Max Concurrent Requests of the Outreach node. */
	concurrency?: number;
}

/** A service account of its own: what the node learns of one does not carry into the next. */
export const newAccount = () => `${DEFAULT_TOKEN}.${++accounts}`;

/**
 * `count` Make Calls one way through the engine, with Continue On Fail so that each item is counted:
 * in one execution, or split across `executions` started at once (a burst of webhooks). Each
 * measurement uses a service account of its own (the sandbox's token and ".n") unless `account` says
 * which, so that what the node learns of the limit in one measurement does not carry into the next.
 */
export async function measureAgainstLimit(
	sandbox: SandboxProcess,
	way: 'node' | 'previous' | 'http',
	count: number,
	executions = 1,
	{ account = newAccount(), concurrency }: LimitedRun = {},
): Promise<LimitedSample> {
	await sandbox.clear();
	const [type, typeVersion] = ENGINE_WAY_NODES[way];
	const credentials = { baseUrl: sandbox.url, accessToken: account };
	const parameters =
		way === 'http'
			? httpRequestParameters(sandbox)
			: concurrency
				? { ...makeCallParameters, options: { maxConcurrentRequests: concurrency } }
				: makeCallParameters;
	const all = leads(count);
	const each = Math.ceil(count / executions);
	const started = performance.now();
	const results = await Promise.all(
		Array.from(
			{ length: executions },
			async (_, execution) =>
				await runAfterInputItems(
					{ name: 'Measured', type, typeVersion, parameters, onError: 'continueRegularOutput' },
					all.slice(execution * each, (execution + 1) * each),
					credentials,
				),
		),
	);
	const wallMs = performance.now() - started;
	const failed = results.find((result) => result.error);
	if (failed) throw new Error(`${WAY_LABELS[way]} failed: ${failed.error?.message}`);
	const { requests, refused } = await sandbox.stats();
	const placed = results
		.flatMap((result) => result.items)
		.filter(
			(item) =>
				typeof (
					item.json.call_id ?? (item.json.data as { call_id?: unknown } | undefined)?.call_id
				) === 'string',
		).length;
	return { wallMs, placed, errors: count - placed, requests, refused };
}

/**
 * The same requests from a loop with `concurrency` requests in flight: `fetch` keeps its connections
 * open (the physical limit); n8n's HTTP helper, which every node sends through, opens one a request.
 */
async function loop(
	sandbox: SandboxProcess,
	way: LoopWay,
	count: number,
	concurrency: number,
): Promise<void> {
	const url = `${sandbox.url}${MAKE_CALL_PATH}`;
	const headers = { authorization: `Bearer ${DEFAULT_TOKEN}`, accept: 'application/json' };
	const bodies = leads(count).map(({ json }) => ({
		agent_id: AGENT_ID,
		phone_number: json.phone,
		customer_name: json.name,
		call_purpose: CALL_PURPOSE,
	}));
	const send = async (body: (typeof bodies)[number]): Promise<number> => {
		if (way === 'helper') {
			const answer = (await httpRequest({
				method: 'POST',
				url,
				headers,
				body,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
			})) as { statusCode: number };
			return answer.statusCode;
		}
		const response = await fetch(url, {
			method: 'POST',
			headers: { ...headers, 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		await response.arrayBuffer();
		return response.status;
	};
	let next = 0;
	await Promise.all(
		Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, async () => {
			while (next < count) {
				const status = await send(bodies[next++]);
				if (status < 200 || status > 299) throw new Error(`${WAY_LABELS[way]} got ${status}`);
			}
		}),
	);
}

export interface Sample {
	wallMs: number;
	/** CPU time of this process (user + system): the sandbox runs in its own process. */
	cpuMs: number;
	requests: number;
	maxInFlight: number;
}

/** One measured run of `count` Make Calls one way. */
export async function measureWay(
	sandbox: SandboxProcess,
	way: WayName,
	count: number,
	rawConcurrency = count,
): Promise<Sample> {
	await sandbox.clear();
	const cpu = process.cpuUsage();
	const started = performance.now();
	if (way === 'raw' || way === 'helper') await loop(sandbox, way, count, rawConcurrency);
	else await runThroughEngine(sandbox, way, count);
	const wallMs = performance.now() - started;
	const used = process.cpuUsage(cpu);
	const stats = await sandbox.stats();
	if (stats.requests !== count)
		throw new Error(`${way}: ${stats.requests} requests, expected ${count}`);
	// Open connections stand for requests in flight: the sandbox answers each request synchronously.
	return {
		wallMs,
		cpuMs: (used.user + used.system) / 1000,
		requests: stats.requests,
		maxInFlight: stats.maxOpenConnections,
	};
}

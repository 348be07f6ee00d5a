import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';

import {
	OUTREACH_CREDENTIAL_TYPE,
	processedData,
	registerPackageNode,
	runOutreach,
} from '../support/engine/engine';
import { leadPhone } from '../support/leads';
import { DEFAULT_TOKEN } from '../support/sandbox/server';
import { row, section } from './report';
import type { SandboxProcess } from './sandboxProcess';

/** How many executions, of how many Make Calls each, section 8 runs (after half as many to warm up). */
const EXECUTIONS = Number(process.env.BENCH_RETAINED_EXECUTIONS ?? 400);
const CALLS = 40;
const FLOOR_TYPE = 'bench.programmaticFloor';

/** The floor: the same Make Call per item through n8n's authenticated HTTP helper, and nothing else. */
const programmaticFloor: INodeType = {
	description: {
		displayName: 'Programmatic Floor',
		name: 'programmaticFloor',
		group: ['transform'],
		version: 1,
		description: 'Make Call with nothing but n8n’s HTTP helper',
		defaults: { name: 'Floor' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: OUTREACH_CREDENTIAL_TYPE, required: true }],
		properties: [
			{ displayName: 'Agent ID', name: 'agentId', type: 'string', default: '' },
			{ displayName: 'Phone Number', name: 'phoneNumber', type: 'string', default: '' },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const { baseUrl, accessToken } = await this.getCredentials(OUTREACH_CREDENTIAL_TYPE);
		const answers = this.getInputData().map(async (_, item) => {
			const agentId = this.getNodeParameter('agentId', item) as string;
			const json = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				OUTREACH_CREDENTIAL_TYPE,
				{
					method: 'POST',
					url: `${String(baseUrl)}/v2/_voicecalls/${agentId}/makeCall`,
					headers: { Authorization: `Bearer ${String(accessToken)}` },
					body: { agent_id: agentId, phone_number: this.getNodeParameter('phoneNumber', item) },
					json: true,
				},
			)) as INodeExecutionData['json'];
			return { json, pairedItem: { item } };
		});
		return [await Promise.all(answers)];
	},
};

/** The heap after garbage collection (the bench runs with --expose-gc), the least of three readings. */
async function collectedHeap(): Promise<number> {
	const readings: number[] = [];
	for (let reading = 0; reading < 3; reading++) {
		await new Promise((resolve) => setTimeout(resolve, 50));
		global.gc?.();
		global.gc?.();
		readings.push(process.memoryUsage().heapUsed);
	}
	return Math.min(...readings);
}

const WAYS = {
	floor: 'minimal programmatic node (floor)',
	unrecorded: 'Outreach node, Skip Leads Called Within 0',
	recorded: 'Outreach node, the record on (one saved workflow, new leads each execution)',
} as const;

/**
 * Section 8: what finished executions leave on the heap, per call they placed, beside the floor in the
 * same process, Retry On Fail on; the harness's store of n8n's database is emptied before each reading.
 */
export async function retained(sandbox: SandboxProcess) {
	section(
		`8. What finished executions leave behind: ${EXECUTIONS} executions × ${CALLS} Make Calls, Retry On Fail on`,
		['node', 'heap after GC, before', 'after', 'growth a call', 'over the floor'],
		'Heap after garbage collection, the least of three readings, before and after the executions (half as many of each ran before, to warm up).',
	);
	registerPackageNode(FLOOR_TYPE, programmaticFloor);
	let lead = 0;
	const execute = async (way: keyof typeof WAYS) => {
		const { error, items } = await runOutreach(
			{
				resource: 'call',
				operation: 'make',
				agentId: 'agent-7',
				phoneNumber: '={{ $json.phone }}',
				...(way === 'unrecorded' ? { options: { skipLeadsCalledWithin: 0 } } : {}),
			},
			{
				items: Array.from({ length: CALLS }, () => ({
					json: { phone: leadPhone(lead++ % 4_000_000) },
				})),
				credentials: { baseUrl: sandbox.url, accessToken: DEFAULT_TOKEN },
				retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
				workflowId: way === 'recorded' ? 'bench-retained' : undefined,
				nodeType: way === 'floor' ? FLOOR_TYPE : undefined,
			},
		);
		if (error || items.some((item) => item.error))
			throw new Error(`Section 8, ${way}: ${error?.message ?? 'an item failed'}`);
	};
	const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
	const ways = Object.keys(WAYS) as Array<keyof typeof WAYS>;
	// Every way warms up first: the first executions in a process leave less than they find.
	for (const way of ways) for (let round = 0; round < EXECUTIONS / 2; round++) await execute(way);
	let floor = 0;
	for (const way of ways) {
		processedData.clear();
		const before = await collectedHeap();
		for (let round = 0; round < EXECUTIONS; round++) await execute(way);
		processedData.clear();
		const after = await collectedHeap();
		const perCall = (after - before) / (EXECUTIONS * CALLS);
		if (way === 'floor') floor = perCall;
		row(
			WAYS[way],
			mib(before),
			mib(after),
			`${Math.round(perCall)} bytes`,
			way === 'floor' ? '' : `${Math.round(perCall - floor)} bytes`,
		);
	}
}

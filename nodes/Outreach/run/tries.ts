import type { IExecuteData, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** What an earlier try left of one item that changes data. */
export type ItemMemory = { succeeded: INodeExecutionData[] } | { unknown: true };

/**
 * The tries of one run of the node: n8n's Retry On Fail runs the node again, with all its items, in
 * the same execution and with the same execute data. What became of each write is remembered by item,
 * not by request: an item whose expressions give another request on the next try ($now, say) is
 * still the item that succeeded.
 */
export interface NodeTries {
	count: number;
	readonly memory: Map<number, ItemMemory>;
}

const triesOfRuns = new WeakMap<IExecuteData, NodeTries>();

/**
 * This try of the node's run, or undefined when the node runs as an AI agent's tool: n8n then hands
 * it the agent's execute data, and each invocation is a run of its own. Lives as long as n8n's execute
 * data, that is as long as the execution.
 */
export function nextTry(context: IExecuteFunctions): NodeTries | undefined {
	const executeData = context.getExecuteData();
	if (executeData?.node?.name !== context.getNode().name) return undefined;
	let tries = triesOfRuns.get(executeData);
	if (!tries) triesOfRuns.set(executeData, (tries = { count: 0, memory: new Map() }));
	tries.count++;
	return tries;
}

/** Whether n8n will not run the node again after this try fails (n8n's own bounds for Retry On Fail). */
export function isLastTry(context: IExecuteFunctions, tries: NodeTries | undefined): boolean {
	const node = context.getNode();
	if (!tries || !node.retryOnFail) return true;
	return tries.count >= Math.min(5, Math.max(2, node.maxTries || 3));
}

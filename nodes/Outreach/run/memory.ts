import type {
	IDataObject,
	IExecuteData,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { MAX_REMEMBERED_ANSWERS } from '../shared/constants';

/** Where the node keeps its memory in the execution's data (n8n's node context). */
const MEMORY_KEY = 'outreachWrites';

/** What became of one write of an item: its answer (none once too many are held), or unknown. */
type Remembered = { answer: IDataObject[] | null; execution: string } | { unknown: true };

/** What an earlier try left of an item's write: its first answer, or an unknown outcome. */
export type Recall = { answer: INodeExecutionData[] } | 'unknown' | undefined;

const triesOfRuns = new WeakMap<IExecuteData, { count: number }>();

/**
 * What became of each write of this run's items, kept in the execution's own data (n8n's node
 * context, which n8n saves with the execution), by run and item: n8n's Retry On Fail runs the node
 * again with all its items in the same execution, and n8n's Retry of a failed execution starts a new
 * one from that saved data, the failed node again with all its items. Either way a write that
 * succeeded is answered from memory (marked repeated when the answer came from the failed execution)
 * and one whose outcome is unknown is not sent again. What is remembered is the item, not its request:
 * an item whose expressions give another request on the next try ($now, say) is still the item that
 * succeeded. A node run as an AI agent's tool has no memory: each invocation is a run of its own.
 */
export class WriteMemory {
	/** Tries of this run in this execution, for n8n's bounds on Retry On Fail. */
	readonly tries: number;
	private held = 0;

	private constructor(
		private readonly items: Record<string, Remembered>,
		private readonly execution: string,
		tries: { count: number },
	) {
		this.tries = ++tries.count;
		this.held = Object.keys(items).length;
	}

	/** The memory of this run, or undefined when the node runs as an AI agent's tool. */
	static of(context: IExecuteFunctions): WriteMemory | undefined {
		const executeData = context.getExecuteData();
		if (executeData?.node?.name !== context.getNode().name) return undefined;
		let tries = triesOfRuns.get(executeData);
		if (!tries) triesOfRuns.set(executeData, (tries = { count: 0 }));
		const runIndex = Number(context.getWorkflowDataProxy(0).$runIndex ?? 0);
		const node = context.getContext('node') as Record<string, unknown>;
		const runs = (node[MEMORY_KEY] ??= {}) as Record<string, Record<string, Remembered>>;
		const items = (runs[String(runIndex)] ??= {});
		return new WriteMemory(items, context.getExecutionId(), tries);
	}

	recall(index: number): Recall {
		const remembered = this.items[String(index)];
		if (!remembered) return undefined;
		if ('unknown' in remembered) return 'unknown';
		const repeated = remembered.execution !== this.execution;
		const records = remembered.answer ?? [{}];
		const notice = repeated
			? `Not sent again: this item's write succeeded in the execution this one retries${remembered.answer ? '; this is its answer' : ' (its answer is no longer held)'}.`
			: undefined;
		return {
			answer: records.map((json) => ({
				json: repeated ? { ...json, repeated: true, notice } : json,
				pairedItem: { item: index },
			})),
		};
	}

	succeeded(index: number, output: INodeExecutionData[]): void {
		const hold = this.held + output.length <= MAX_REMEMBERED_ANSWERS;
		if (hold) this.held += output.length;
		this.items[String(index)] = {
			answer: hold ? output.map((item) => item.json) : null,
			execution: this.execution,
		};
	}

	unknown(index: number): void {
		this.items[String(index)] = { unknown: true };
	}

	/** Nothing happened: the item may be sent again. */
	forget(index: number): void {
		delete this.items[String(index)];
	}
}

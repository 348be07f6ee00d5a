import type {
	IDataObject,
	IExecuteData,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import { MAX_REMEMBERED_ANSWERS } from '../shared/constants';

/** In n8n's node context, which n8n saves with the execution. */
const MEMORY_KEY = 'outreachWrites';

/** What became of one write of an item: its answer (none once too many are held), or unknown. */
type Remembered = { answer: IDataObject[] | null; execution: string } | { unknown: true };

/** What an earlier try left of an item's write: its first answer, or an unknown outcome. */
export type Recall = { answer: INodeExecutionData[] } | 'unknown' | undefined;

const triesOfRuns = new WeakMap<IExecuteData, { count: number }>();

/**
 * Retry On Fail's memory: what became of each write of this run's items, by run and item, in the
 * execution's data, which n8n's Retry On Fail and its Retry of the execution both start from. A write
 * that succeeded is answered from memory; one whose outcome is unknown is not sent again. It is the
 * item that is remembered, not its request, which may differ on the next try ($now).
 */
export class WriteMemory {
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

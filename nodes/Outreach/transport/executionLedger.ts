import type { INodeExecutionData } from 'n8n-workflow';

import { MAX_LEDGER_ANSWERS, MAX_LEDGER_EXECUTIONS } from '../shared/constants';

/** Who sends a request: n8n's Retry On Fail sending the same item of the same node run again. */
interface Sender {
	run: object;
	index: number;
}

interface Entry {
	state: 'pending' | 'placed' | 'uncertain';
	sender: Sender;
	/** The first answer, while the ledger holds answers (MAX_LEDGER_ANSWERS). */
	output?: INodeExecutionData[];
	/** Resolves when a pending request has its outcome. */
	settled: Promise<void>;
	settle: () => void;
}

/** What to do with a request that places calls. */
export type Claim =
	| { send: Placement }
	/** An identical request was placed earlier in the execution: its answer, when still held. */
	| { repeat: INodeExecutionData[] | undefined }
	/** An identical request failed earlier in the execution without a clear refusal. */
	| { uncertain: true }
	/** An identical request is in flight: claim again once it has its outcome. */
	| { wait: Promise<void> }
	/** The execution already placed as many as the cap allows. */
	| { capReached: number };

/** A request the ledger counts while it may place a call; its sender reports what became of it. */
export interface Placement {
	placed(output: INodeExecutionData[]): void;
	/** It failed without a clear refusal: it may have placed a call. */
	uncertain(): void;
	/** It was not sent, or the service refused it: nothing was placed. */
	withdrawn(): void;
}

/**
 * The calls and campaigns one workflow execution placed, across its nodes, their runs, n8n's Retry
 * On Fail and an AI agent's tool invocations: for the credential's cap, and so that an identical
 * request is not placed twice.
 */
export class ExecutionLedger {
	/** Requests that placed or may have placed something, or are in flight: what the cap counts. */
	private readonly entries = new Map<string, Entry>();
	private answers = 0;
	private repeats = 0;

	/**
	 * A claim to send the request `key` for `sender`; with `allowRepeats`, an identical earlier
	 * request does not stop it. `cap`: most requests counted in the execution (0: no cap).
	 */
	claim(key: string, sender: Sender, cap: number, allowRepeats: boolean): Claim {
		const entryKey = allowRepeats ? `${key}#${++this.repeats}` : key;
		const earlier = this.entries.get(entryKey);
		if (earlier) {
			const sameItem = earlier.sender.run === sender.run && earlier.sender.index === sender.index;
			if (earlier.state === 'pending') return { wait: earlier.settled };
			if (earlier.state === 'placed') return { repeat: earlier.output };
			// n8n's Retry On Fail sending again the item that failed: what the user asked for.
			if (!sameItem) return { uncertain: true };
			this.entries.delete(entryKey);
		}
		if (cap > 0 && this.entries.size >= cap) return { capReached: cap };
		let settle = () => undefined as void;
		const settled = new Promise<void>((resolve) => (settle = resolve));
		const entry: Entry = { state: 'pending', sender, settled, settle };
		this.entries.set(entryKey, entry);
		let open = true;
		const close = (change: () => void) => {
			if (!open) return;
			open = false;
			change();
			entry.settle();
		};
		return {
			send: {
				placed: (output) =>
					close(() => {
						entry.state = 'placed';
						if (this.answers + output.length <= MAX_LEDGER_ANSWERS) {
							entry.output = output;
							this.answers += output.length;
						}
					}),
				uncertain: () => close(() => (entry.state = 'uncertain')),
				withdrawn: () => close(() => this.entries.delete(entryKey)),
			},
		};
	}
}

/** Ledgers by execution ID, the most recently used last. */
const ledgers = new Map<string, ExecutionLedger>();

/**
 * The ledger of an execution. An execution runs in one process (on one n8n, or on the one queue-mode
 * worker that took it), so the ledger lives in memory; the least recently used are forgotten past
 * MAX_LEDGER_EXECUTIONS.
 */
export function ledgerOf(executionId: string): ExecutionLedger {
	let ledger = ledgers.get(executionId);
	if (ledger) ledgers.delete(executionId);
	else ledger = new ExecutionLedger();
	ledgers.set(executionId, ledger);
	if (ledgers.size > MAX_LEDGER_EXECUTIONS) {
		const oldest = ledgers.keys().next().value;
		if (oldest !== undefined) ledgers.delete(oldest);
	}
	return ledger;
}

import type { INodeExecutionData } from 'n8n-workflow';

import { MAX_LEDGER_ANSWERS } from '../shared/constants';
import { isPlainObject } from '../shared/objectPaths';

/** A call or campaign, counted toward the cap while it may place something. */
interface Placing {
	state: 'pending' | 'placed';
	/** The first answer, up to MAX_LEDGER_ANSWERS. */
	output?: INodeExecutionData[];
	settled: Promise<void>;
}

/** What to do with a request that changes data. */
export type Claim =
	| { send: Claimed }
	/** An identical call or campaign was placed earlier in the execution: its answer, when still held. */
	| { repeat: INodeExecutionData[] | undefined }
	/** An identical request failed earlier in the execution without a clear answer. */
	| { uncertain: true }
	/** An identical call or campaign is in flight: claim again once it has its outcome. */
	| { wait: Promise<void> }
	/** The execution already placed as many as the cap allows, or this one would go past it. */
	| { capReached: { cap: number; counted: number; weight: number } };

/** A claimed request; its sender reports once what became of it. */
export interface Claimed {
	placed(output: INodeExecutionData[]): void;
	/** Failed without a clear answer: it may have taken effect. */
	uncertain(): void;
	/** Not sent, or clearly refused: nothing happened. */
	withdrawn(): void;
}

export interface ClaimRules {
	places: boolean;
	/** Most people the execution's calls and campaigns may reach (0: no cap). */
	cap: number;
	/** People this request reaches: a call one, a campaign its customers. */
	weight: number;
	allowRepeats: boolean;
	resendUnknown: boolean;
}

/** What a ledger keeps in n8n's flow context, which n8n saves with the execution and loads on resume. */
interface Saved {
	/** People reached by calls and campaigns placed, maybe placed or in flight: what the cap counts. */
	counted: number;
	/** Keys of the calls and campaigns placed. */
	placed: string[];
	/** Keys of the writes whose outcome is unknown. */
	unknown: string[];
}

const done = Promise.resolve();

/**
 * What one execution sent through one credential, across nodes, tries, tool invocations and
 * resumes: the calls and campaigns it placed (the cap; none twice), and the writes whose outcome is
 * unknown.
 */
export class ExecutionLedger {
	private readonly placings = new Map<string, Placing>();
	private readonly unknown: Set<string>;
	private answers = 0;
	private repeats = 0;

	constructor(private readonly saved: Saved = { counted: 0, placed: [], unknown: [] }) {
		for (const key of saved.placed) this.placings.set(key, { state: 'placed', settled: done });
		this.unknown = new Set(saved.unknown);
	}

	claim(key: string, rules: ClaimRules): Claim {
		if (this.unknown.has(key) && !rules.resendUnknown) return { uncertain: true };
		if (!rules.places) return { send: this.claimed(key, undefined) };
		if (!rules.allowRepeats) {
			const earlier = this.placings.get(key);
			if (earlier?.state === 'pending') return { wait: earlier.settled };
			if (earlier?.state === 'placed') return { repeat: earlier.output };
		}
		const { cap, weight } = rules;
		if (cap > 0 && this.saved.counted + weight > cap) {
			return { capReached: { cap, counted: this.saved.counted, weight } };
		}
		this.saved.counted += weight;
		const placingKey = rules.allowRepeats ? `${key}#${++this.repeats}` : key;
		return { send: this.claimed(key, placingKey, weight) };
	}

	private claimed(key: string, placingKey: string | undefined, weight = 0): Claimed {
		let settle = () => undefined as void;
		const settled = new Promise<void>((resolve) => (settle = resolve));
		const placing: Placing | undefined = placingKey ? { state: 'pending', settled } : undefined;
		if (placingKey && placing) this.placings.set(placingKey, placing);
		let open = true;
		const close = (change: () => void) => {
			if (!open) return;
			open = false;
			change();
			settle();
		};
		return {
			placed: (output) =>
				close(() => {
					if (!placing) return;
					placing.state = 'placed';
					if (placingKey === key) this.saved.placed.push(key);
					if (this.answers + output.length <= MAX_LEDGER_ANSWERS) {
						placing.output = output;
						this.answers += output.length;
					}
				}),
			uncertain: () =>
				close(() => {
					// Still counted: it may have placed a call.
					if (!this.unknown.has(key)) this.saved.unknown.push(key);
					this.unknown.add(key);
					if (placingKey) this.placings.delete(placingKey);
				}),
			withdrawn: () =>
				close(() => {
					if (!placingKey) return;
					this.placings.delete(placingKey);
					this.saved.counted -= weight;
				}),
		};
	}
}

/** In n8n's flow context: the saved ledgers, by credential account. */
const LEDGERS_KEY = 'outreachLedgers';

const strings = (value: unknown) =>
	Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];

/** A saved ledger as read back: anything malformed counts as nothing saved. */
function savedLedger(value: unknown): Saved {
	const saved: Partial<Record<keyof Saved, unknown>> = isPlainObject(value) ? value : {};
	const counted = Number.isSafeInteger(saved.counted) ? Math.max(0, saved.counted as number) : 0;
	return { counted, placed: strings(saved.placed), unknown: strings(saved.unknown) };
}

/** The ledgers of each execution, one per credential account, by the flow context that holds them. */
const ledgers = new WeakMap<object, Map<string, ExecutionLedger>>();

/**
 * `execution` is n8n's flow context: the same object while n8n holds the execution, saved with it
 * when it waits (a Wait node, a person's review of an agent's tool call) and loaded anew on resume.
 */
export function executionLedger(
	execution: Record<string, unknown>,
	account: string,
): ExecutionLedger {
	let byAccount = ledgers.get(execution);
	if (!byAccount) ledgers.set(execution, (byAccount = new Map()));
	let ledger = byAccount.get(account);
	if (!ledger) {
		const stored = execution[LEDGERS_KEY];
		const saved = isPlainObject(stored) ? stored : (execution[LEDGERS_KEY] = {});
		const restored = (saved[account] = savedLedger(saved[account]));
		byAccount.set(account, (ledger = new ExecutionLedger(restored)));
	}
	return ledger;
}

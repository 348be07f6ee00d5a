import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import { OUTREACH_CREDENTIAL_TYPE } from '../../../credentials/OutreachApi.credentials';
import type { Operation } from '../actions/operation';
import {
	callingHoursCheck,
	credentialGuards,
	executionLedger,
	type CredentialGuards,
	type OutsideHours,
} from '../guardrails';
import { accountGate, accountOf, type Account, type FlowShare, type Lane } from '../transport';
import { runSettings, type RunSettings } from './settings';
import { WriteMemory } from './memory';

/** Whether n8n will not run the node again after this try fails (n8n's own bounds for Retry On Fail). */
function isLastTry(context: IExecuteFunctions, memory: WriteMemory | undefined): boolean {
	const node = context.getNode();
	if (!memory || !node.retryOnFail) return true;
	return memory.tries >= Math.min(5, Math.max(2, node.maxTries || 3));
}

const leadsOfExecutions = new WeakMap<object, Set<string>>();

/** A call whose turn came after the Calling Hours ended: it is not sent. */
export class HoursEnded extends Error {
	constructor(readonly outside: OutsideHours) {
		super(outside.message);
	}
}

/** An item's lane, which holds its last turn until the run has taken in the item's outcome. */
type ItemLane = Lane & { release(): void };

/** One run of the node over its items: settings, account, guardrails, try, and when it stops. */
export class NodeRun {
	/** None when the node runs as an AI agent's tool. */
	readonly memory?: WriteMemory;
	readonly lastTry: boolean;
	/** For Batching. */
	readonly started = Date.now();
	private halt?: 'failure' | 'stop';
	private resolveHalted = () => undefined as void;
	private readonly halted = new Promise<void>((resolve) => (this.resolveHalted = resolve));
	private readonly cancel?: AbortSignal;
	private readonly onCancel = () => this.stop('stop');
	private ownFlow?: Record<string, unknown>;

	private constructor(
		readonly context: IExecuteFunctions,
		readonly operation: Operation,
		readonly account: Account,
		readonly guards: CredentialGuards,
		readonly settings: RunSettings,
		private readonly flow: FlowShare,
		/** Items of the run not yet sent: what the gate weighs a step toward more against. */
		readonly backlog: { count: number },
	) {
		this.memory = WriteMemory.of(context);
		this.lastTry = isLastTry(context, this.memory);
		this.cancel = context.getExecutionCancelSignal();
		if (this.cancel?.aborted) this.stop('stop');
		this.cancel?.addEventListener('abort', this.onCancel, { once: true });
	}

	static async start(context: IExecuteFunctions, operation: Operation): Promise<NodeRun> {
		const credentials = await context.getCredentials(OUTREACH_CREDENTIAL_TYPE, 0);
		const id = context.getNode().credentials?.[OUTREACH_CREDENTIAL_TYPE]?.id ?? '';
		const guards = credentialGuards(credentials, id);
		const settings = runSettings(context);
		const backlog = { count: 0 };
		const flow = accountGate(guards.service).share(settings.concurrency, () => backlog.count);
		const account = await accountOf(context, credentials);
		return new NodeRun(context, operation, account, guards, settings, flow, backlog);
	}

	/** False when the node runs as an AI agent's tool: nothing is kept across tries. */
	get coordinated(): boolean {
		return this.memory !== undefined;
	}

	get stopped(): boolean {
		return this.halt !== undefined;
	}

	get stoppedByUser(): boolean {
		return this.halt === 'stop';
	}

	/** No further request of the run starts; those waiting for a turn are not sent. */
	stop(halt: 'failure' | 'stop'): void {
		if (this.halt) return;
		this.halt = halt;
		this.flow.dropStopped();
		this.resolveHalted();
	}

	/** Last try, no Continue On Fail: nothing more is sent. Called before the turn goes back. */
	itemFailed(): void {
		if (this.lastTry && !this.settings.continueOnFail) this.stop('failure');
	}

	async pause(ms: number): Promise<void> {
		if (ms > 0) await this.until(sleep(ms));
	}

	/** Waits for `work`, or less when the run stops meanwhile. */
	async until(work: Promise<unknown>): Promise<void> {
		await Promise.race([work, this.halted]);
	}

	/** n8n's flow context, saved with the execution; the run's own when n8n has none. */
	private execution(): Record<string, unknown> {
		try {
			return this.context.getContext('flow');
		} catch {
			return (this.ownFlow ??= {});
		}
	}

	ledger() {
		return executionLedger(this.execution(), this.guards.account);
	}

	/** The leads the execution recorded in the durable record. */
	executionLeads(): Set<string> {
		const execution = this.execution();
		let leads = leadsOfExecutions.get(execution);
		if (!leads) leadsOfExecutions.set(execution, (leads = new Set()));
		return leads;
	}

	/** Where the item's requests take turns; a call reads the Calling Hours again at its turn. */
	lane(index: number, recipientZone?: unknown): ItemLane {
		let held: (() => void) | undefined;
		const release = () => {
			const giveBack = held;
			held = undefined;
			giveBack?.();
		};
		return {
			maxWaitMs: this.settings.maxWaitMs,
			maxWaitSetting: 'Options → Max Wait for Rate Limits',
			giveBack: (giveBack) => (held = giveBack),
			release,
			pause: async (ms) => await this.pause(ms),
			turn: async () => {
				release();
				const slot = await this.flow.acquire(index, () => this.stopped);
				if (!slot) return undefined;
				if (this.stopped) {
					slot.unused();
					return undefined;
				}
				if (recipientZone === undefined) return slot;
				const hours = callingHoursCheck(this.guards, recipientZone, this.context.getTimezone());
				if (!hours || !('outside' in hours)) return slot;
				// The run stops before the turn goes back, so that no call waiting for one leaves after.
				this.itemFailed();
				slot.unused();
				throw new HoursEnded(hours.outside);
			},
		};
	}

	end(): void {
		this.cancel?.removeEventListener('abort', this.onCancel);
	}

	/** The time Batching lets the item at `index` go, or 0. */
	batchTime(index: number): number {
		const { batch } = this.settings;
		return batch ? this.started + Math.floor(index / batch.size) * batch.intervalMs : 0;
	}
}

import type { INodeExecutionData } from 'n8n-workflow';

import type { Claimed, WriteCheck } from '../guardrails';
import { nodeError } from '../shared/errors';
import {
	mayHaveReachedService,
	NotSent,
	readAllPages,
	recordEnvelope,
	sendUntilAnswered,
	type Lane,
} from '../transport';
import type { BuiltRequest } from './build';
import {
	dryRunOutput,
	effectOf,
	ended,
	outcomeUnknown,
	failed,
	outsideHours,
	type Ending,
} from './endings';
import { checkedEnding, claim } from './claims';
import { HoursEnded, type NodeRun } from './nodeRun';
import { maxPages } from '../fields/nodeOptions';
import { DEFAULT_MAX_LIST_PAGES } from '../shared/constants';

/** An item's request, built and checked; a write's body as sent, its key and its ledger check. */
export interface Plan {
	index: number;
	built: BuiltRequest;
	sent?: unknown;
	key?: string;
	check?: WriteCheck;
	claimed?: Claimed;
	leads?: string[];
}

/** The plans are not sent: identical writes waiting for them go ahead. */
export function withdraw(plans: Plan[]): void {
	for (const plan of plans)
		if (plan.check && 'claimed' in plan.check) plan.check.claimed.withdrawn();
}

/** Whether a failed write may have taken effect: anything but a clear refusal (4xx) or no connection. */
function mayHaveTakenEffect(error: unknown): boolean {
	const status = Number((error as { httpCode?: unknown }).httpCode);
	const refused = status >= 400 && status < 500 && status !== 408;
	return !refused && mayHaveReachedService(error);
}

/** Sends one item's request: its output, one record or a list. */
async function produce(run: NodeRun, plan: Plan, lane: Lane): Promise<INodeExecutionData[]> {
	const { context, account, operation, settings } = run;
	const { index } = plan;
	const request = { ...plan.built.request, ...settings.transport };
	const pairedItem = { item: index };
	if (operation.output === 'list') {
		const returnAll = context.getNodeParameter('returnAll', index, false) as boolean;
		const records = await readAllPages(account, request, {
			limit: returnAll ? Infinity : (context.getNodeParameter('limit', index, 50) as number),
			maxPages: maxPages(
				context.getNode(),
				context.getNodeParameter('options.maxPages', index, DEFAULT_MAX_LIST_PAGES),
			),
			boundHint:
				'Raise Options → Max Pages to read further, or turn off Return All and set a Limit to read the first records.',
			lane,
		});
		return records.map((json) => ({ json, pairedItem }));
	}
	const envelope = recordEnvelope(account, await sendUntilAnswered(account, request, lane));
	const withEnvelope = context.getNodeParameter('options.includeResponseEnvelope', index, false);
	return [{ json: withEnvelope === true ? envelope : (envelope.data as never), pairedItem }];
}

/** Sends the item's request at its turn, and ends it; an identical call in flight is waited for. */
export async function sendPlan(run: NodeRun, plan: Plan, lane: Lane): Promise<Ending | undefined> {
	const { context, operation, guards } = run;
	const node = context.getNode();
	const { index } = plan;
	const { write } = operation;
	let check = plan.check;
	try {
		while (check && 'wait' in check) {
			await run.until(check.wait);
			if (run.stopped) throw new NotSent();
			check = claim(run, plan.key ?? '', plan.sent);
			const checked = checkedEnding(run, check, index);
			if (checked && 'error' in checked.ending) run.itemFailed();
			if (checked) return checked.ending;
		}
		plan.claimed = check && 'claimed' in check ? check.claimed : undefined;
		const output =
			write && guards.dryRun
				? dryRunOutput(run.account.baseUrl, plan.built.request, plan.sent, index)
				: await produce(run, plan, lane);
		plan.claimed?.placed(output);
		if (write) run.memory?.succeeded(index, output);
		return ended('succeeded', output);
	} catch (error) {
		if (error instanceof NotSent) {
			plan.claimed?.withdrawn();
			return undefined;
		}
		run.itemFailed();
		if (error instanceof HoursEnded) {
			plan.claimed?.withdrawn();
			return outsideHours(run, error.outside, index, 'failed');
		}
		const failure = nodeError(node, error);
		const unknown = write !== undefined && mayHaveTakenEffect(failure);
		if (unknown) {
			// Leads the message, which is all an error item's JSON (and an AI agent) gets.
			failure.message = `${effectOf(write.unknownOutcome)}: ${failure.message}`;
			outcomeUnknown(failure, write);
			plan.claimed?.uncertain();
		} else plan.claimed?.withdrawn();
		if (write && unknown) run.memory?.unknown(index);
		else if (write) run.memory?.forget(index);
		return failed(unknown ? 'unknown' : 'failed', failure, index);
	}
}

import { NodeOperationError } from 'n8n-workflow';

import type { Places } from '../actions/operation';
import { foldText } from '../guardrails';
import { getAtPath, isPlainObject } from '../shared/objectPaths';
import { ended, failed, skippedOutput, type Endings } from './endings';
import type { NodeRun } from './nodeRun';
import { LeadRecord, type Verdict } from './record';
import { NOT_SET_UP, recordUnavailable } from './store';
import { withdraw, type Plan } from './sending';

/** Whom one write reaches, as the record tells leads apart. */
export function leadsOf(places: Places, service: string, sent: unknown): string[] {
	const body = isPlainObject(sent) ? sent : {};
	const fold = (value: unknown) => foldText(String(value ?? ''));
	const who = places.lead.map((path) => fold(getAtPath(body, path)));
	if (places.what === 'call') return [JSON.stringify(['call', service, ...who])];
	const people = getAtPath(body, places.people);
	return (Array.isArray(people) ? people : []).map((person) => {
		const number = fold(isPlainObject(person) ? person[places.number] : '');
		return JSON.stringify(['campaign', service, ...who, number]);
	});
}

interface LeadCheck {
	/** The plans still to be sent. */
	plans: Plan[];
	underWay(): void;
	/** Once every plan has ended: what was not reached is taken back. */
	close(endings: Endings): Promise<void>;
}

/**
 * Checks the run's writes against the durable record: a write whose leads were all reached within
 * the window is skipped, a campaign only some of whose customers were is an error; the others go.
 */
export async function checkLeads(
	run: NodeRun,
	plans: Plan[],
	endings: Endings,
): Promise<LeadCheck> {
	const { context, operation } = run;
	const places = operation.write?.places;
	const node = context.getNode();
	const hours = places ? run.settings.skipHours : 0;
	if (!places || hours === 0)
		return { plans, underWay: () => undefined, close: async () => undefined };
	let problem = recordUnavailable(context);
	const record = new LeadRecord(context, hours * 3_600_000, run.executionLeads());
	const leads = plans.map((plan) => leadsOf(places, run.account.baseUrl, plan.sent));
	let verdicts: Verdict[] = plans.map(() => ({ send: true }));
	if (!problem) {
		try {
			verdicts = await record.check(leads, run, !run.guards.dryRun);
		} catch (error) {
			await record.abandon();
			if (!NOT_SET_UP.test((error as Error).message)) {
				throw new NodeOperationError(node, error as Error, {
					description:
						'n8n’s record of the leads this node reached could not be read: nothing was sent.',
				});
			}
			problem = 'n8n’s deduplication store is not set up in this n8n process';
		}
	}
	const sent: Plan[] = [];
	for (const [position, plan] of plans.entries()) {
		const verdict = verdicts[position];
		if ('send' in verdict) {
			sent.push({ ...plan, leads: leads[position] });
			continue;
		}
		withdraw([plan]);
		if ('reached' in verdict)
			endings[plan.index] = ended(
				'unsent',
				skippedOutput(plan.index, verdict.reached, hours, context.getTimezone(), places.what),
			);
		else {
			const numbers = verdict.partly.map((lead) => JSON.parse(leads[position][lead]).at(-1));
			const error = new NodeOperationError(
				node,
				`Not sent: this node reached ${numbers.length} of this campaign's customers within the last ${hours} hours (or up to a quarter longer ago): ${numbers.join(', ')}`,
				{
					itemIndex: plan.index,
					description: `Remove them from the campaign, or set Options → Skip Leads Called Within to 0 for one run to reach them again, then set it back.`,
				},
			);
			endings[plan.index] = failed('unsent', error, plan.index);
		}
	}
	return {
		plans: sent,
		underWay: () => record.underWay(),
		close: async (all) => {
			const isReached = (plan: Plan) => {
				const ending = all[plan.index];
				return ending && ending.outcome !== 'failed' && ending.outcome !== 'unsent';
			};
			const reached = new Set(
				run.guards.dryRun ? [] : sent.filter(isReached).flatMap((plan) => plan.leads ?? []),
			);
			for (const plan of sent)
				record.takeBack((plan.leads ?? []).filter((lead) => !reached.has(lead)));
			// The writes were sent: a store failing now changes the record, not their outcomes.
			problem ??= await record.close().then(
				() => undefined,
				(error: Error) => `n8n’s deduplication store failed (${error.message})`,
			);
			if (!problem) return;
			const warning = `Not recorded across executions: ${problem}. A Retry of this execution, or another execution for the same lead, may reach it again.`;
			for (const plan of sent) {
				const ending = all[plan.index];
				if (ending && 'output' in ending)
					for (const item of ending.output) item.json.warning = warning;
			}
		},
	};
}

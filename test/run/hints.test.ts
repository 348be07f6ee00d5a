// What a run did not send is said above its output, in n8n's execution hints: leads skipped as reached
// within Skip Leads Called Within, writes not sent again as identical to one already placed, Dry Run.
import type { NodeExecutionHint } from 'n8n-workflow';

import { runOutreach } from '../../support/engine/engine';
import { callEachLead, leads } from '../../support/leads';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

/** The Outreach node's output and hints in an execution of the saved workflow `workflowId`. */
async function run(
	items: ReturnType<typeof leads>,
	workflowId: string,
	{ dryRun = false, timezone = 'UTC' } = {},
) {
	const result = await runOutreach(callEachLead, {
		items,
		credentials: { ...credentials(), dryRun },
		workflowId,
		timezone,
	});
	expect(result.error).toBeUndefined();
	const hints = (result.run?.data.resultData.runData.Outreach[0].hints ??
		[]) as NodeExecutionHint[];
	return { items: result.items, hints };
}

it('leads reached within the window: how many of the run’s were not called, and why', async () => {
	const first = await run(leads(10).slice(0, 2), 'hinted-skips');
	expect(first.hints).toEqual([]);
	const second = await run(leads(10), 'hinted-skips', { timezone: 'Asia/Dhaka' });
	expect(second.items.filter((item) => item.json.skipped === true)).toHaveLength(2);
	expect(sandbox.requests).toHaveLength(2 + 8);
	expect(second.hints).toEqual([
		{
			type: 'warning',
			location: 'outputPane',
			message:
				'2 of 10 leads were not called: reached within the last 24 hours (Options → Skip Leads Called Within)',
		},
	]);
	// When, in the workflow's time zone (UTC+6: the record's quarters of 6 hours begin at its midnight),
	// from the start of the record's quarter to now at the latest.
	const [from, to] = (second.items[0].json.earlierCallBetween as string[]).map(Date.parse);
	expect(to).toBeLessThanOrEqual(Date.now());
	expect(to - from).toBeLessThanOrEqual(6 * 3_600_000);
	const dhaka = (at: number, style: object) =>
		new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', ...style }).format(at);
	const start = `${dhaka(from, { dateStyle: 'medium' })}, ${dhaka(from, { timeStyle: 'short' })}`;
	expect(second.items[0].json.notice).toContain(
		`Not sent: this node sent a call to the same lead between ${start} and ${dhaka(to, { timeStyle: 'short' })} (Asia/Dhaka)`,
	);
});

it('an identical call in the same run, and Dry Run, each say what was not sent', async () => {
	const twice = await run([...leads(1), ...leads(1), ...leads(2).slice(1)], 'hinted-repeats');
	expect(twice.items.filter((item) => item.json.repeated === true)).toHaveLength(1);
	expect(twice.hints.map((hint) => hint.message)).toEqual([
		'1 of 3 items were not sent again: the same call was already placed in this execution, whose answer they show (marked repeated)',
	]);
	const dry = await run(leads(3), 'hinted-dry-run', { dryRun: true });
	expect(dry.hints.map((hint) => hint.message)).toEqual([
		"3 of 3 items were not sent: the credential's Dry Run is on, and each shows the request it would send",
	]);
});

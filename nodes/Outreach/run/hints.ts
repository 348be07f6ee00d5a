// What the run did not send, said above its output (n8n's execution hints, from n8n 1.79): a skipped
// lead otherwise shows as a green check and an item, like a placed call.
import type { INodeExecutionData, NodeExecutionHint } from 'n8n-workflow';

import type { NodeRun } from './nodeRun';

export function addRunHints(run: NodeRun, output: INodeExecutionData[]): void {
	const { context, operation } = run;
	if (typeof context.addExecutionHints !== 'function') return;
	const count = (flag: string) => output.filter((item) => item.json[flag] === true).length;
	const of = `of ${output.length}`;
	const what = operation.write?.places?.what;
	const hints: NodeExecutionHint[] = [];
	const skipped = count('skipped');
	if (skipped) {
		const hours = run.settings.skipHours;
		const notSent = what === 'call' ? 'leads were not called' : 'campaigns were not created';
		hints.push({
			type: 'warning',
			message: `${skipped} ${of} ${notSent}: reached within the last ${hours} hours (Options → Skip Leads Called Within)`,
		});
	}
	const repeated = count('repeated');
	if (repeated)
		hints.push({
			type: 'info',
			message: `${repeated} ${of} items were not sent again: the same ${what ?? 'request'} was already placed in this execution, whose answer they show (marked repeated)`,
		});
	const dryRun = count('dryRun');
	if (dryRun)
		hints.push({
			type: 'info',
			message: `${dryRun} ${of} items were not sent: the credential's Dry Run is on, and each shows the request it would send`,
		});
	for (const hint of hints) hint.location = 'outputPane';
	if (hints.length) context.addExecutionHints(...hints);
}

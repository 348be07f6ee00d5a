import type { INodeExecutionData } from 'n8n-workflow';

import { checkWrite, REPEAT_OPTION, type WriteCheck } from '../guardrails';
import { getAtPath, isPlainObject } from '../shared/objectPaths';
import { blockError, blocked, ended, failed, outcomeUnknown, type Ending } from './endings';
import type { NodeRun } from './nodeRun';

/** How an item ends without being sent; `halts`: without Continue On Fail, nothing is sent. */
export type Planned = { ending: Ending; halts?: boolean };

export function claim(run: NodeRun, key: string, sent: unknown): WriteCheck {
	const { places } = run.operation.write ?? {};
	const people =
		places?.what === 'campaign' && isPlainObject(sent) ? getAtPath(sent, places.people) : 1;
	const count = Array.isArray(people) ? Math.max(1, people.length) : 1;
	return checkWrite(run.ledger(), run.guards, key, places?.what, count, run.settings);
}

/** How an item ends when its write check says it is not to be sent; undefined when it is. */
export function checkedEnding(run: NodeRun, check: WriteCheck, index: number): Planned | undefined {
	const node = run.context.getNode();
	if ('block' in check) return { ending: blocked(node, check.block, index), halts: true };
	if ('uncertain' in check && run.operation.write) {
		const error = outcomeUnknown(blockError(node, check.uncertain, index), run.operation.write);
		return { ending: failed('unknown', error, index) };
	}
	if ('repeat' in check)
		return { ending: ended('succeeded', repeatOutput(run, check.repeat, index)) };
	return undefined;
}

/** The earlier answer, each record marked as a repeat that was not placed again. */
function repeatOutput(run: NodeRun, earlier: INodeExecutionData[] | undefined, index: number) {
	const placed = run.operation.write?.places?.what ?? 'request';
	const notice = `Not placed again: an identical ${placed} was already placed in this execution${earlier ? '; this is its answer' : ' (its answer is no longer held)'}. To place it again on purpose, turn on ${REPEAT_OPTION}.`;
	const records = earlier?.map((item) => item.json) ?? [{}];
	return records.map((json) => ({
		json: { ...json, repeated: true, notice },
		pairedItem: { item: index },
	}));
}

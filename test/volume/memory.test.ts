// What an execution leaves behind: once it has ended, nothing of it stays in memory (no runs, answers
// or items in a map of the process), however many executions and calls came before. Each execution
// writes its number into its items, its requests and the service's answers; after the executions,
// the heap is searched for those numbers. How many bytes this is per call is a figure of the bench
// (section 8): the heap's size after garbage collection moves by megabytes from one run to the next
// with what the engine compiles and caches, which no threshold in a test can tell from a leak.
import { getHeapSnapshot, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { processedData, runOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leads } from '../../support/leads';

const { service, credentials } = useHostile();

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Each execution's number as it appears in its items and requests. */
const probeOf = (execution: number) => `Probe ${execution}.`;
/**
 * This test's leads: numbers no other suite calls, so that what another suite run earlier in the same
 * Jest worker left on the heap is not taken for this test's executions.
 */
const phoneOf = (lead: number) => `+1415770${String(lead).padStart(4, '0')}`;
/**
 * Where an execution's number shows in the heap: in its items and requests (its probe), in the
 * service's answers, whose call id counts the calls placed to a lead, one per execution, and in its
 * workflow's ID.
 */
const TRACES = [/Probe (\d+)\./g, /call_\+1415770\d{4}_(\d+)/g, /retained-workflow-(\d+)\./g];
/** Longer than any trace. */
const TAIL = 32;
/** Bytes of the heap snapshot read as one text. */
const SLICE = 1 << 20;

/** The executions (by number) of which some trace is still on the heap, each with the text around its first. */
async function executionsOnHeap(): Promise<Map<number, string>> {
	for (let round = 0; round < 3; round++) {
		await new Promise((resolve) => setTimeout(resolve, 50));
		collectGarbage();
	}
	const found = new Map<number, string>();
	const read = (text: string, upTo: number) => {
		for (const trace of TRACES) {
			for (const match of text.matchAll(trace)) {
				const execution = Number(match[1]);
				if (match.index + match[0].length > upTo || found.has(execution)) continue;
				// What surrounds a trace (a property name, a neighbouring string) hints at what holds it.
				const around = text.slice(Math.max(0, match.index - 120), match.index + 120);
				found.set(execution, around.replace(/[^\x20-\x7e]+/g, ' '));
			}
		}
	};
	// A trace may be cut at the end of a chunk (`call_…_30` of `call_…_301`): what ends near it is
	// read with the next chunk, and the last text to the end.
	// The stream hands over all it holds at once when the reader falls behind, which after a whole
	// suite in one process can be more than the longest string V8 makes: it is read a slice at a time.
	let tail = '';
	for await (const chunk of getHeapSnapshot()) {
		const bytes = chunk as Buffer;
		for (let start = 0; start < bytes.length; start += SLICE) {
			const text = tail + bytes.toString('latin1', start, start + SLICE);
			read(text, text.length - TAIL);
			tail = text.slice(-2 * TAIL);
		}
	}
	read(tail, tail.length);
	return found;
}

const EXECUTIONS = 100;
const CALLS = 10;

it(`after ${EXECUTIONS} executions of ${CALLS} calls each, none of them is left on the heap`, async () => {
	const calling = new CallingService();
	service.respondWith(calling.responder);
	const execute = async (execution: number) => {
		const { error, items } = await runOutreach(
			{ ...callEachLead, callFields: { callPurpose: probeOf(execution) } },
			{
				items: leads(CALLS).map(({ json }, lead) => ({
					json: { ...json, phone: phoneOf(lead), list: probeOf(execution) },
				})),
				credentials: credentials(),
				retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
				// A saved workflow of its own: what the node keeps by workflow goes with it too. Its ID is
				// one string, as read from n8n's database (a heap snapshot shows a joined one in parts).
				workflowId: Buffer.from(`retained-workflow-${execution}.`).toString(),
			},
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(CALLS);
		return items;
	};
	for (let execution = 1; execution <= EXECUTIONS; execution++) await execute(execution);
	// One more, whose answers the test holds: the search must find it.
	const held = await execute(EXECUTIONS + 1);
	expect([...calling.placed.values()]).toEqual(Array(CALLS).fill(EXECUTIONS + 1));
	expect(service.requests).toHaveLength((EXECUTIONS + 1) * CALLS);
	// The test keeps nothing of the others: the service's records go too, and n8n's database.
	service.clear();
	processedData.clear();
	calling.placed.clear();
	calling.received.clear();

	const left = await executionsOnHeap();
	process.stdout.write(
		`executions with a trace on the heap: ${left.size} (${[...left.keys()].slice(0, 10).join(', ')})\n`,
	);
	for (const [execution, around] of [...left].slice(0, 3)) {
		if (execution !== EXECUTIONS + 1) process.stdout.write(`  ${execution}: …${around}…\n`);
	}
	expect(held[0].json).toMatchObject({ call_id: `call_${phoneOf(0)}_${EXECUTIONS + 1}` });
	expect([...left.keys()]).toEqual([EXECUTIONS + 1]);
}, 240_000);

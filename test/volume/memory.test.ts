// What an execution leaves behind: once it has ended, the node keeps nothing of it (no runs, answers
// or items in a map of the process), however many executions and calls came before.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { runOutreach } from '../../support/engine/engine';
import { CallingService } from '../../support/hostile/callingService';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leads } from '../../support/leads';

const { service, credentials } = useHostile();

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * The heap after garbage collection, the least of a few readings a moment apart, so that what a
 * socket or a timer still holds for an instant does not count.
 */
async function heapAfterCollection(): Promise<number> {
	const readings: number[] = [];
	for (let reading = 0; reading < 3; reading++) {
		await new Promise((resolve) => setTimeout(resolve, 50));
		collectGarbage();
		collectGarbage();
		readings.push(process.memoryUsage().heapUsed);
	}
	return Math.min(...readings);
}

const EXECUTIONS = 300;
const CALLS = 40;

it(`${EXECUTIONS} executions of ${CALLS} calls each grow the heap by less than 150 bytes per call`, async () => {
	const calling = new CallingService();
	service.respondWith(calling.responder);
	const execute = async (offset: number) => {
		const { error } = await runOutreach(
			{ ...callEachLead, callFields: { callPurpose: `Round ${offset}` } },
			{
				items: leads(CALLS),
				credentials: credentials(),
				retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
			},
		);
		expect(error).toBeUndefined();
	};
	// Warm up: modules, the engine's caches, the sockets' pool, the optimised code.
	for (let round = 0; round < 100; round++) await execute(round);
	service.clear();
	calling.placed.clear();
	calling.received.clear();
	const before = await heapAfterCollection();

	for (let round = 0; round < EXECUTIONS; round++) await execute(round);
	service.clear();
	calling.placed.clear();
	calling.received.clear();
	const after = await heapAfterCollection();

	const perCall = (after - before) / (EXECUTIONS * CALLS);
	process.stdout.write(`heap growth: ${Math.round(perCall)} bytes per call\n`);
	expect(perCall).toBeLessThan(150);
}, 240_000);

// The engine harness's deduplication store (support/engine/deduplication.ts) against n8n's own
// DeduplicationHelper, from the n8n release whose engine runs the tests (the newest release for this
// project's own n8n-core), over an in-memory processed_data table: the same operations give the same
// answers and leave the same rows.
import type { ICheckProcessedContextData, IDataDeduplicator } from 'n8n-workflow';

import { ProcessedDataStore } from '../../support/engine/deduplication';
import { n8nDeduplicationHelper, ProcessedDataTable } from '../../support/engine/n8nDeduplication';

const table = new ProcessedDataTable();
const newHelper = n8nDeduplicationHelper(table);

const node = { id: 'node-1', name: 'Outreach' } as ICheckProcessedContextData['node'];
const saved: ICheckProcessedContextData = { node, workflow: { id: 'wf-1', active: true } };
const entries = { mode: 'entries' as const };

/** The same operations on a store; what each answered, then what it holds. */
async function replay(store: IDataDeduplicator): Promise<unknown[]> {
	const answers: unknown[] = [];
	answers.push(await store.checkProcessedAndRecord(['a', 'b', 'a'], 'node', saved, entries));
	answers.push(await store.checkProcessedAndRecord(['b', 'c', 'd'], 'node', saved, entries));
	await store.removeProcessed(['a', 'zzz'], 'node', saved, entries);
	answers.push(
		await store.checkProcessedAndRecord(['a', 'e'], 'node', saved, { ...entries, maxEntries: 3 }),
	);
	answers.push(await store.checkProcessedAndRecord([1, '1', 'b'], 'node', saved, entries));
	answers.push(await store.getProcessedDataCount('node', saved, entries));
	answers.push(await store.checkProcessedAndRecord(['a'], 'workflow', saved, entries));
	const refused = await store
		.checkProcessedAndRecord(['a'], 'node', { node, workflow: { id: '', active: false } }, entries)
		.catch((error: Error) => error.name);
	answers.push(refused);
	return answers;
}

describe("the harness's deduplication store is n8n's DeduplicationHelper's twin", () => {
	it('answers every operation the node uses as n8n does, and holds the same hashes', async () => {
		const real = await replay(newHelper());
		const standIn = new ProcessedDataStore();
		expect(await replay(standIn)).toEqual(real);
		const rows = [...table.rows.values()].map((row) => [row.context, row.value.data]);
		expect(standIn.dump()).toBe(
			JSON.stringify(
				rows.map(([context, data]) => [`wf-1|${String(context)}`, { mode: 'entries', data }]),
			),
		);
	});

	it('refuses a first record another process inserted meanwhile, as n8n does', async () => {
		const first: ICheckProcessedContextData = { node, workflow: { id: 'wf-2', active: true } };
		const race = async (store: IDataDeduplicator, insertFirst: () => Promise<unknown>) => {
			const mine = store.checkProcessedAndRecord(['mine'], 'node', first, entries);
			await insertFirst();
			return await mine.then(
				() => 'recorded',
				(error: Error) => /duplicate key/.test(error.message),
			);
		};
		const helper = newHelper();
		const real = await race(helper, async () => {
			await table.insert({
				workflowId: 'wf-2',
				context: 'n:node-1',
				value: { mode: 'entries', data: ['other'] },
			});
		});
		const standIn = new ProcessedDataStore();
		const twin = await race(standIn, async () => standIn.insertFirst('other'));
		expect([real, twin]).toEqual([true, true]);
	});
});

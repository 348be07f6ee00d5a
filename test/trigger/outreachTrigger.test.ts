import { MAX_REMEMBERED_IDS } from '../../nodes/OutreachTrigger/OutreachTrigger.node';
import { pollOnce } from '../../support/engine/methods';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

const onNewCustomer = { event: 'newCustomer' };

describe('Outreach Trigger', () => {
	beforeEach(() => {
		sandbox.store.reset();
		sandbox.store.seedCustomers(120);
	});

	it('emits nothing on activation, then exactly the 2 customers that appear between polls, each once', async () => {
		const first = await pollOnce(onNewCustomer, { credentials: credentials() });
		expect(first.items).toHaveLength(0);
		expect(sandbox.requests.map((request) => request.query)).toEqual([
			{ page: 1, per_page: 100 },
			{ page: 2, per_page: 100 },
		]);

		sandbox.store.seedCustomers(1);
		const second = await pollOnce(onNewCustomer, {
			credentials: credentials(),
			staticData: first.staticData,
		});
		sandbox.store.seedCustomers(1);
		const third = await pollOnce(onNewCustomer, {
			credentials: credentials(),
			staticData: second.staticData,
		});

		expect(second.items.map((item) => item.json.id)).toEqual(['cus_00121']);
		expect(third.items.map((item) => item.json.id)).toEqual(['cus_00122']);

		// A restart: a new execution that starts from the saved static data, with nothing new in the list.
		const restarted = await pollOnce(onNewCustomer, {
			credentials: credentials(),
			staticData: third.staticData,
		});
		expect(restarted.items).toHaveLength(0);
	});

	it('emits the existing records on activation when asked', async () => {
		const first = await pollOnce(
			{ ...onNewCustomer, emitExisting: true },
			{ credentials: credentials() },
		);
		expect(first.items).toHaveLength(120);
		const next = await pollOnce(
			{ ...onNewCustomer, emitExisting: true },
			{ credentials: credentials(), staticData: first.staticData },
		);
		expect(next.items).toHaveLength(0);
	});

	it('remembers only what the list holds now, bounded, so deleted records do not pile up', async () => {
		const first = await pollOnce(onNewCustomer, { credentials: credentials() });
		sandbox.store.customers.remove('cus_00001');
		const second = await pollOnce(onNewCustomer, {
			credentials: credentials(),
			staticData: first.staticData,
		});
		// n8n keeps a node's static data under "node:<node name>".
		const remembered = (second.staticData['node:Node'] as { seenIds: string[] }).seenIds;
		expect(remembered).toHaveLength(119);
		expect(remembered).not.toContain('cus_00001');
		expect(MAX_REMEMBERED_IDS).toBe(10_000);
	});

	it('watches campaigns and actions the same way', async () => {
		const first = await pollOnce({ event: 'newCampaign' }, { credentials: credentials() });
		sandbox.store.campaigns.insert({ id: 'cmp_new', name: 'Fresh' });
		const second = await pollOnce(
			{ event: 'newCampaign' },
			{ credentials: credentials(), staticData: first.staticData },
		);
		expect(second.items.map((item) => item.json)).toEqual([{ id: 'cmp_new', name: 'Fresh' }]);
		expect(sandbox.requests.at(-1)?.rawPath).toBe('/v2/_campaigns');

		const actions = await pollOnce({ event: 'newAction' }, { credentials: credentials() });
		expect(actions.items).toHaveLength(0);
		expect(sandbox.requests.at(-1)?.rawPath).toBe('/v2/_actions');
	});

	it('"fetch test event" (manual mode) returns the latest record and remembers nothing', async () => {
		const manual = await pollOnce(onNewCustomer, { credentials: credentials(), mode: 'manual' });
		expect(manual.items.map((item) => item.json.id)).toEqual(['cus_00120']);
		expect(manual.staticData).toEqual({});
	});

	it('a service error surfaces with its message', async () => {
		sandbox.injectFaults({ kind: 'status', status: 503, message: 'Maintenance window' });
		await expect(pollOnce(onNewCustomer, { credentials: credentials() })).rejects.toThrow(
			/Maintenance window/,
		);
	});
});

import { TRIGGER_MAX_ABSENT_IDS } from '../../nodes/Outreach/shared/constants';
import { pollOnce } from '../../support/engine/methods';
import { failingReads, useSandbox } from '../useSandbox';

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

	it('remembers the list, and for a while what left it, so a record that returns is not new', async () => {
		const first = await pollOnce(onNewCustomer, { credentials: credentials() });
		sandbox.store.customers.remove('cus_00001');
		const second = await pollOnce(onNewCustomer, {
			credentials: credentials(),
			staticData: first.staticData,
		});
		// n8n keeps a node's static data under "node:<node name>". Until this change the trigger forgot
		// cus_00001 here, and emitted it again when a short answer had only hidden it.
		const remembered = (second.staticData['node:Node'] as { seenIds: string[] }).seenIds;
		expect(remembered).toHaveLength(120);
		expect(remembered[0]).toBe('cus_00001');
		expect(second.items).toHaveLength(0);
	});

	it('forgets the IDs that left the list longest ago first, keeping at most its bound', async () => {
		const first = await pollOnce(onNewCustomer, { credentials: credentials() });
		const state = first.staticData['node:Node'] as { event: string; seenIds: string[] };
		const gone = Array.from({ length: TRIGGER_MAX_ABSENT_IDS + 5 }, (_, n) => `gone_${n}`);
		const next = await pollOnce(onNewCustomer, {
			credentials: credentials(),
			staticData: { 'node:Node': { ...state, seenIds: [...gone, ...state.seenIds] } },
		});
		const remembered = (next.staticData['node:Node'] as { seenIds: string[] }).seenIds;
		expect(remembered).toHaveLength(TRIGGER_MAX_ABSENT_IDS + 120);
		expect(remembered.slice(0, 2)).toEqual(['gone_5', 'gone_6']);
		expect(next.items).toHaveLength(0);
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
		sandbox.injectFaults(...failingReads({ status: 503, message: 'Maintenance window' }));
		await expect(pollOnce(onNewCustomer, { credentials: credentials() })).rejects.toThrow(
			/Maintenance window/,
		);
	});
});

// The trigger emits every new record exactly once, whatever the service answers
// between good polls, whatever the list's order and length.
import type { IDataObject } from 'n8n-workflow';

import { pollOnce } from '../../support/engine/methods';
import { json, listPage, text, type HostileServer } from '../../support/hostile/server';
import { useHostile } from './useHostile';

const { service, credentials } = useHostile();

const onNewCustomer = { event: 'newCustomer' };
const PAGE = 100;

/** A list the hostile server serves page by page, which a test changes between polls. */
class ServedList {
	records: IDataObject[] = [];
	private next = 1;
	/** What the next request gets instead of the list, once each. */
	readonly faults: Array<'html' | 'nullRecord' | { shortPage: number }> = [];

	add(count: number, where: 'end' | 'start' = 'end'): string[] {
		const added = Array.from({ length: count }, () => ({
			id: `cus_${this.next}`,
			name: `Customer ${this.next++}`,
		}));
		this.records = where === 'end' ? [...this.records, ...added] : [...added, ...this.records];
		return added.map((record) => String(record.id));
	}

	serveFrom(server: HostileServer): void {
		server.respondWith((request, response) => {
			const page = Number(request.query.get('page') ?? 1);
			const perPage = Number(request.query.get('per_page') ?? PAGE);
			const fault = page === 1 ? this.faults.shift() : undefined;
			if (fault === 'html') {
				text(response, 200, '<html><body>Maintenance</body></html>', 'text/html');
				return;
			}
			let records: unknown[] = this.records.slice((page - 1) * perPage, page * perPage);
			if (fault === 'nullRecord') records = [...records.slice(0, -1), null];
			if (typeof fault === 'object') records = records.slice(0, fault.shortPage);
			json(response, 200, listPage(records));
		});
	}
}

let list: ServedList;
let staticData: IDataObject | undefined;

async function poll(): Promise<string[]> {
	const result = await pollOnce(onNewCustomer, { credentials: credentials(), staticData });
	staticData = result.staticData;
	return result.items.map((item) => String(item.json.id));
}

beforeEach(() => {
	list = new ServedList();
	list.serveFrom(service);
	staticData = undefined;
});

describe('Outreach Trigger against a faulty service', () => {
	it('good → malformed 200 → good → short page → good: each new record exactly once', async () => {
		list.add(150);
		expect(await poll()).toEqual([]);

		const first = list.add(2);
		list.faults.push('html');
		await expect(poll()).rejects.toThrow(/is not JSON/);
		expect(await poll()).toEqual(first);

		const second = list.add(1);
		list.faults.push({ shortPage: 60 });
		expect(await poll()).toEqual([]);
		expect(await poll()).toEqual(second);

		const third = list.add(3, 'start');
		expect(await poll()).toEqual(third);
		expect(await poll()).toEqual([]);
	});

	it('a malformed poll fails loudly and keeps what the trigger remembered', async () => {
		list.add(120);
		await poll();
		const remembered = JSON.stringify(staticData);
		list.faults.push('html');
		await expect(poll()).rejects.toThrow(/GET \/v2\/_customers \(page 1\) is not JSON/);
		expect(JSON.stringify(staticData)).toBe(remembered);
		expect(await poll()).toEqual([]);
	});

	it('a null record makes the poll fail loudly instead of crashing, and nothing is lost', async () => {
		list.add(30);
		await poll();
		const added = list.add(1);
		list.faults.push('nullRecord');
		await expect(poll()).rejects.toThrow(/record 31 of page 1 is null/);
		expect(await poll()).toEqual(added);
	});

	it('a record repeated across a page boundary is emitted once', async () => {
		list.add(99);
		await poll();
		// Page 1 holds the 99 known records and a new one; a record inserted at the front during the poll
		// pushes that new record onto page 2 as well.
		const [fresh] = list.add(1);
		service.respondWith((request, response) => {
			const page = Number(request.query.get('page'));
			const records = page === 1 ? list.records.slice(0, PAGE) : [list.records[PAGE - 1]];
			json(response, 200, listPage(records));
		});
		expect(await poll()).toEqual([fresh]);
	});

	it('with more than 10,000 records listed oldest first, a new last record is emitted', async () => {
		list.add(10_050);
		expect(await poll()).toEqual([]);
		const added = list.add(1);
		expect(await poll()).toEqual(added);
		expect(await poll()).toEqual([]);
	}, 60_000);

	it('a record that briefly disappears from the list is not emitted again when it comes back', async () => {
		list.add(10);
		await poll();
		const kept = list.records;
		list.records = kept.slice(5);
		expect(await poll()).toEqual([]);
		list.records = kept;
		expect(await poll()).toEqual([]);
	});
});

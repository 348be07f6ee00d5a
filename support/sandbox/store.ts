import { randomUUID } from 'node:crypto';

export type JsonObject = Record<string, unknown>;

interface StoredRecord extends JsonObject {
	id: string;
}

interface Page<T> {
	data: T[];
	pagination: { current_page: number; per_page: number; total_records: number };
}

/** One in-memory collection of records, listed in insertion order. */
export class Collection<T extends StoredRecord = StoredRecord> {
	private readonly records = new Map<string, T>();

	constructor(private readonly idPrefix: string) {}

	newId(): string {
		return `${this.idPrefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
	}

	insert(record: T): T {
		this.records.set(record.id, record);
		return record;
	}

	get(id: string): T | undefined {
		return this.records.get(id);
	}

	remove(id: string): T | undefined {
		const record = this.records.get(id);
		this.records.delete(id);
		return record;
	}

	get size(): number {
		return this.records.size;
	}

	page(page: number, perPage: number): Page<T> {
		const all = [...this.records.values()];
		const start = (page - 1) * perPage;
		return {
			data: all.slice(start, start + perPage),
			pagination: { current_page: page, per_page: perPage, total_records: all.length },
		};
	}

	clear(): void {
		this.records.clear();
	}
}

export class Store {
	readonly calls = new Collection('call');
	readonly campaigns = new Collection('cmp');
	readonly customers = new Collection('cus');
	readonly knowledgeBases = new Collection('kb');
	readonly actions = new Collection('act');
	readonly assistants = new Collection('ast');

	/** Adds `count` customers with predictable ids (cus_00001, …) after the existing ones. */
	seedCustomers(count: number): void {
		const first = this.customers.size + 1;
		for (let n = first; n < first + count; n++) {
			const id = `cus_${String(n).padStart(5, '0')}`;
			this.customers.insert({
				id,
				name: `Customer ${n}`,
				phone_number: `+1555${String(n).padStart(7, '0')}`,
				email: `customer${n}@example.com`,
				created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
			});
		}
	}

	/** What the example workflows expect to find (examples/documents-to-knowledge-base.json uploads to kb_support). */
	seedExampleData(): void {
		this.knowledgeBases.insert({
			id: 'kb_support',
			name: 'Support',
			documents: [],
			faqs: [],
			document_count: 0,
		});
	}

	reset(): void {
		for (const collection of [
			this.calls,
			this.campaigns,
			this.customers,
			this.knowledgeBases,
			this.actions,
			this.assistants,
		]) {
			collection.clear();
		}
	}
}

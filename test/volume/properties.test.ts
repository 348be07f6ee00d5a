// Property: whatever a calling service answers — refusals, failures before or after placing a call,
// dropped connections, slow answers — the node never calls a lead twice, and every lead the service
// accepted is in the node's output (or, when the node fails, counted as succeeded in its error).
import fc from 'fast-check';

import { runOutreach } from '../../support/engine/engine';
import { json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';
import { callEachLead, leadPhone, leads } from '../../support/leads';

const RUNS = Number(process.env.VOLUME_PROPERTY_RUNS ?? 200);

const { service, credentials } = useHostile();

/** What the service does with one request, in the order requests arrive. */
type Answer =
	| 'place'
	| 'place slowly'
	| 'refuse, Retry-After 0'
	| 'refuse, Retry-After a date now'
	| '502 before placing'
	| 'place, then 502'
	| 'drop the connection';

const answer = fc.oneof(
	{ arbitrary: fc.constant<Answer>('place'), weight: 6 },
	{ arbitrary: fc.constant<Answer>('place slowly'), weight: 1 },
	{ arbitrary: fc.constant<Answer>('refuse, Retry-After 0'), weight: 2 },
	{ arbitrary: fc.constant<Answer>('refuse, Retry-After a date now'), weight: 1 },
	{ arbitrary: fc.constant<Answer>('502 before placing'), weight: 1 },
	{ arbitrary: fc.constant<Answer>('place, then 502'), weight: 1 },
	{ arbitrary: fc.constant<Answer>('drop the connection'), weight: 1 },
);

/** The item numbers (from 1) a list in the error names, e.g. "items 3–5 and 9". */
function itemsNamed(description: string, heading: string): number[] {
	const text = new RegExp(`${heading}: items? ([^.]*)\\.`).exec(description)?.[1] ?? '';
	return text
		.split(/, | and /)
		.filter(Boolean)
		.flatMap((range) => {
			const [first, last = first] = range.split('–').map(Number);
			return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
		});
}

describe('property: at volume, no lead is called twice and no accepted lead is lost', () => {
	it(`holds for ${RUNS} generated item counts and schedules of answers`, async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 12 }),
				fc.array(answer, { maxLength: 16 }),
				fc.boolean(),
				async (count, schedule, continueOnFail) => {
					service.clear();
					const placed = new Map<string, number>();
					const accepted = new Set<string>();
					service.respondWith(async (request, response, index) => {
						const phone = String(JSON.parse(request.body.toString()).phone_number);
						const place = () => {
							const calls = (placed.get(phone) ?? 0) + 1;
							placed.set(phone, calls);
							return `call_${phone}_${calls}`;
						};
						const ok = (callId: string) => {
							accepted.add(phone);
							json(response, 200, { data: { call_id: callId, status: 'queued' }, message: 'ok' });
						};
						switch (schedule[index] ?? 'place') {
							case 'place':
								return ok(place());
							case 'place slowly':
								await new Promise((resolve) => setTimeout(resolve, 15));
								return ok(place());
							case 'refuse, Retry-After 0':
								response.writeHead(429, { 'retry-after': '0' });
								return void response.end();
							case 'refuse, Retry-After a date now':
								response.writeHead(429, { 'retry-after': new Date().toUTCString() });
								return void response.end();
							case '502 before placing':
								return json(response, 502, { message: 'Bad gateway' });
							case 'place, then 502':
								place();
								return json(response, 502, { message: 'Bad gateway' });
							case 'drop the connection':
								return void response.socket?.destroy();
						}
					});

					const { error, items } = await runOutreach(callEachLead, {
						items: leads(count),
						credentials: credentials(),
						continueOnFail,
					});

					expect([...placed.values()].every((calls) => calls === 1)).toBe(true);
					const acceptedItems = Array.from({ length: count }, (_, n) => n).filter((n) =>
						accepted.has(leadPhone(n)),
					);
					if (!error) {
						for (const n of acceptedItems)
							expect(items[n].json.call_id).toBe(`call_${leadPhone(n)}_1`);
						return;
					}
					expect(continueOnFail).toBe(false);
					if (count === 1) {
						expect(acceptedItems).toEqual([]);
						return;
					}
					const description = String(error.description);
					const lost = [
						...itemsNamed(description, 'Failed'),
						...itemsNamed(description, 'Not sent'),
					];
					expect(description).toContain(`${acceptedItems.length} succeeded`);
					for (const n of acceptedItems) expect(lost).not.toContain(n + 1);
				},
			),
			{ numRuns: RUNS },
		);
	}, 300_000);
});

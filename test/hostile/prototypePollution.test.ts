// Dotted keys of Additional Body Fields must never reach Object.prototype, and
// must never silently replace a field they run into.
import { runOutreach } from '../../support/engine/engine';
import { json } from '../../support/hostile/server';
import { useHostile } from './useHostile';

const { service, credentials } = useHostile();

const polluted = () => (Object.prototype as Record<string, unknown>).polluted;

const createAssistant = (additionalBodyFields: string) => ({
	resource: 'assistant',
	operation: 'create',
	assistantName: 'Setter',
	assistantFields: { additionalBodyFields },
});

beforeEach(() => {
	service.respondWith((_request, response) =>
		json(response, 201, { ctx_id: 'c', data: { id: 'ast_1', name: 'Setter' } }),
	);
});

afterEach(() => {
	// Keep one failing case from leaking into the next ones.
	delete (Object.prototype as Record<string, unknown>).polluted;
});

describe('Additional Body Fields cannot reach Object.prototype', () => {
	it.each([
		['{"__proto__.polluted": "yes"}', '__proto__'],
		['{"constructor.prototype.polluted": "yes"}', 'constructor'],
		['{"touchpoint.__proto__.polluted": "yes"}', '__proto__'],
		['{"nested": {"__proto__": {"polluted": "yes"}}}', '__proto__'],
	])('%s is refused, naming the key, and nothing is sent', async (fields, forbidden) => {
		const { error } = await runOutreach(createAssistant(fields), { credentials: credentials() });
		expect(polluted()).toBeUndefined();
		expect(error?.message).toContain('Additional Body Fields:');
		expect(error?.message).toContain(forbidden);
		expect(service.requests).toHaveLength(0);
	});

	it('a key that arrives from input data through an expression is rejected too', async () => {
		const { error } = await runOutreach(
			createAssistant('={{ JSON.stringify({ [$json.key]: $json.value }) }}'),
			{
				credentials: credentials(),
				items: [{ json: { key: '__proto__.polluted', value: 'from a webhook' } }],
			},
		);
		expect(polluted()).toBeUndefined();
		expect(error?.message).toMatch(/^Additional Body Fields: .*__proto__/);
		expect(service.requests).toHaveLength(0);
	});

	it('a later, unrelated execution in the same process sees a clean Object.prototype', async () => {
		await runOutreach(createAssistant('{"__proto__.polluted": "yes"}'), {
			credentials: credentials(),
		});
		const { error, items } = await runOutreach(createAssistant('{"description": "fine"}'), {
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});
});

describe('a dotted key never silently replaces a field it runs into', () => {
	it('"name.first" on the required text field "name" is an error naming both, and nothing is sent', async () => {
		const { error } = await runOutreach(createAssistant('{"name.first": "x"}'), {
			credentials: credentials(),
		});
		expect(error?.message).toBe(
			'Additional Body Fields: "name.first" runs into "name", which holds text, not an object',
		);
		expect(service.requests).toHaveLength(0);
	});

	it('an empty part in a dotted key is an error', async () => {
		const { error } = await runOutreach(createAssistant('{"settings..delay": 5}'), {
			credentials: credentials(),
		});
		expect(error?.message).toBe(
			'Additional Body Fields: the key "settings..delay" has an empty part',
		);
		expect(service.requests).toHaveLength(0);
	});

	it('a dotted key into an object merges, as before', async () => {
		const { error } = await runOutreach(createAssistant('{"extra.level": 2, "extra.tier": "a"}'), {
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(JSON.parse(service.requests[0].body.toString())).toEqual({
			name: 'Setter',
			extra: { level: 2, tier: 'a' },
		});
	});
});

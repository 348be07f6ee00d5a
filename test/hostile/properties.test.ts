// Property-based checks against hostile input: generated IDs, body keys and Base URLs run through
// n8n's engine against the hostile server, and invariants are asserted on what reached the wire.
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import { runOutreach } from '../../support/engine/engine';
import { pollOnce, searchList } from '../../support/engine/methods';
import {
	json,
	listPage,
	redirect,
	type HostileRequest,
	type Responder,
} from '../../support/hostile/server';
import { HOSTILE_TOKEN, useHostile } from './useHostile';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);

const { service, elsewhere, credentials } = useHostile();

const recordAnswer = {
	ctx_id: 'c',
	data: { id: 'x', call_id: 'call_1', status: 'queued', deleted: true },
	message: 'ok',
};

/** Operations whose URL carries one ID, with the path around it. */
const idOperations = [
	{
		parameters: { resource: 'customer', operation: 'delete' },
		field: 'customerId',
		label: 'Customer ID',
		prefix: '/v2/_customers/',
		suffix: '',
	},
	{
		parameters: { resource: 'campaign', operation: 'get' },
		field: 'campaignId',
		label: 'Campaign ID',
		prefix: '/v2/_campaigns/',
		suffix: '',
	},
	{
		parameters: { resource: 'campaign', operation: 'delete' },
		field: 'campaignId',
		label: 'Campaign ID',
		prefix: '/v2/_campaigns/',
		suffix: '',
	},
	{
		parameters: { resource: 'knowledgeBase', operation: 'get' },
		field: 'knowledgeBaseId',
		label: 'Knowledge Base ID',
		prefix: '/v2/_knowledgebase/',
		suffix: '',
	},
	{
		parameters: { resource: 'knowledgeBase', operation: 'delete' },
		field: 'knowledgeBaseId',
		label: 'Knowledge Base ID',
		prefix: '/v2/_knowledgebase/',
		suffix: '',
	},
	{
		parameters: { resource: 'call', operation: 'make', phoneNumber: '+14155550101' },
		field: 'agentId',
		label: 'Agent ID',
		prefix: '/v2/_voicecalls/',
		suffix: '/makeCall',
	},
];

const tricky = fc.constantFrom(
	'.',
	'..',
	'/',
	'%2e%2e',
	'%2F',
	'?',
	'#',
	'\\',
	'\u0000',
	'\ud800',
	' ',
	'\t',
	'\n',
	'é',
	'😀',
	'&',
	'+',
	'{id}',
);

/** IDs: arbitrary text of all kinds, tricky fragments, numbers, whitespace around them. */
const idValue = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 12 }),
	fc.string({ unit: 'grapheme', maxLength: 12 }),
	fc
		.array(fc.oneof(tricky, fc.string({ maxLength: 3 })), { maxLength: 5 })
		.map((parts) => parts.join('')),
	fc
		.tuple(fc.constantFrom('', ' ', '\t', '  '), tricky, fc.constantFrom('', ' ', '\n'))
		.map((parts) => parts.join('')),
	fc.integer(),
);

const objectPrototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

describe('property: an ID reaches the wire as exactly one encoded segment, or not at all', () => {
	it(`holds for ${RUNS} generated IDs across every operation with an ID in its path`, async () => {
		service.respondWith((_request, response) => json(response, 200, recordAnswer));
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...idOperations), idValue, async (operation, id) => {
				service.clear();
				// The ID arrives from input data, as from a webhook: `={{ $json.id }}`.
				const { error, issues } = await runOutreach(
					{ ...operation.parameters, [operation.field]: '={{ $json.id }}' } as INodeParameters,
					{ credentials: credentials(), items: [{ json: { id } }] },
				);
				const trimmed = String(id).trim();
				if (service.requests.length === 0) {
					// Refused by the node, naming the field, or (left empty) by n8n's own form check.
					const namedByN8n = issues?.Outreach?.parameters?.[operation.field] !== undefined;
					expect(namedByN8n || error?.message.startsWith(`${operation.label}: `)).toBe(true);
					return;
				}
				expect(['', '.', '..']).not.toContain(trimmed);
				expect(service.requests).toHaveLength(1);
				const { rawPath } = service.requests[0];
				expect(rawPath.startsWith(operation.prefix)).toBe(true);
				expect(rawPath.endsWith(operation.suffix)).toBe(true);
				const segment = rawPath.slice(
					operation.prefix.length,
					rawPath.length - operation.suffix.length,
				);
				expect(segment).not.toBe('');
				expect(segment).not.toContain('/');
				expect(decodeURIComponent(segment)).toBe(trimmed);
			}),
			{ numRuns: RUNS },
		);
	}, 120_000);
});

/** Body keys: dotted paths of ordinary, prototype-reaching and empty parts. */
const keyPart = fc.oneof(
	fc.constantFrom(
		'__proto__',
		'constructor',
		'prototype',
		'name',
		'touchpoint',
		'a',
		'b',
		'',
		'toString',
	),
	fc.string({ maxLength: 6 }),
);
const dottedKey = fc.array(keyPart, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
const fieldsText = fc
	.array(fc.tuple(dottedKey, fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 3 })
	.map(
		(pairs) =>
			`{${pairs.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')}}`,
	);

function keysIn(value: unknown): string[] {
	if (Array.isArray(value)) return value.flatMap(keysIn);
	if (typeof value !== 'object' || value === null) return [];
	return Object.keys(value).flatMap((key) => [
		key,
		...keysIn((value as Record<string, unknown>)[key]),
	]);
}

describe('property: Additional Body Fields never reach Object.prototype', () => {
	it(`holds for ${RUNS} generated sets of dotted keys, typed or arriving through an expression`, async () => {
		service.respondWith((_request, response) =>
			json(response, 201, { ctx_id: 'c', data: { id: 'ast_1', name: 'Setter' } }),
		);
		const before = objectPrototypeNames();
		await fc.assert(
			fc.asyncProperty(fieldsText, fc.boolean(), async (text, throughExpression) => {
				service.clear();
				const { error } = await runOutreach(
					{
						resource: 'assistant',
						operation: 'create',
						assistantName: 'Setter',
						assistantFields: {
							additionalBodyFields: throughExpression ? '={{ $json.text }}' : text,
						},
					},
					{ credentials: credentials(), items: [{ json: { text } }] },
				);
				expect(objectPrototypeNames()).toBe(before);
				expect(Object.prototype.constructor).toBe(Object);
				if (service.requests.length === 0) {
					expect(error?.message.startsWith('Additional Body Fields: ')).toBe(true);
					return;
				}
				const wire = JSON.parse(service.requests[0].body.toString()) as unknown;
				for (const forbidden of ['__proto__', 'constructor', 'prototype']) {
					expect(keysIn(wire)).not.toContain(forbidden);
				}
			}),
			{ numRuns: RUNS },
		);
	}, 120_000);
});

const weighted = (...choices: Array<[string, number]>) =>
	fc.oneof(...choices.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

/** Base URLs built from parts a user, or an expression, might produce. */
function baseUrls(servicePort: number, elsewherePort: number) {
	return fc
		.record({
			// Mostly usable addresses, so that most runs reach the wire; the rest are refused up front.
			scheme: weighted(['http://', 8], ['HTTP://', 1], ['https://', 1], ['ftp://', 1], ['', 1]),
			userInfo: weighted(['', 10], ['user:secret@', 1], ['@', 1]),
			host: weighted(
				[`127.0.0.1:${servicePort}`, 6],
				[`localhost:${servicePort}`, 2],
				[`127.0.0.1:${elsewherePort}`, 1],
			),
			path: fc.constantFrom('', '/', '/v2', '/v2/', '//', '/api'),
			query: weighted(['', 10], ['?tenant=a', 1]),
			fragment: weighted(['', 10], ['#x', 1]),
			padding: weighted(['', 6], [' ', 1], ['\t', 1]),
		})
		.map(
			(url) =>
				`${url.padding}${url.scheme}${url.userInfo}${url.host}${url.path}${url.query}${url.fragment}`,
		);
}

/** Every request that carried the token must have been addressed to the Base URL's own origin. */
function tokenStaysHome(baseUrl: string, requests: HostileRequest[]) {
	let home: string | undefined;
	try {
		home = new URL(baseUrl.trim()).host.toLowerCase();
	} catch {
		home = undefined;
	}
	for (const request of requests) {
		if (!JSON.stringify(request.headers).includes(HOSTILE_TOKEN)) continue;
		expect(String(request.headers.host).toLowerCase()).toBe(home);
	}
}

describe('property: the token never reaches another origin', () => {
	it(`holds for ${RUNS} generated Base URLs and hostile answers, across operations, picker and trigger`, async () => {
		const answers = fc.constantFrom(
			'ok',
			'redirect-elsewhere',
			'redirect-localhost',
			'redirect-same',
			'temporary-elsewhere',
		);
		const callers = fc.constantFrom('make', 'delete', 'list', 'picker', 'trigger');
		await fc.assert(
			fc.asyncProperty(
				baseUrls(Number(new URL(service.url).port), Number(new URL(elsewhere.url).port)),
				answers,
				callers,
				async (baseUrl, answer, caller) => {
					service.clear();
					elsewhere.clear();
					const respond: Responder = (request, response) => {
						if (answer === 'redirect-elsewhere')
							return redirect(response, 302, `${elsewhere.url}/steal`);
						if (answer === 'temporary-elsewhere')
							return redirect(response, 307, `${elsewhere.url}${request.rawUrl}`);
						if (answer === 'redirect-localhost')
							return redirect(
								response,
								301,
								`http://localhost:${new URL(service.url).port}${request.rawUrl}`,
							);
						if (answer === 'redirect-same' && !request.rawPath.endsWith('/'))
							return redirect(response, 302, `${request.rawPath}/`);
						if (request.method === 'GET')
							return json(response, 200, listPage([{ id: 'cus_1', name: 'One' }]));
						return json(response, 200, recordAnswer);
					};
					service.respondWith(respond);
					elsewhere.respondWith(respond);
					const auth = { baseUrl, accessToken: HOSTILE_TOKEN };
					const settle = async (work: Promise<unknown>) => {
						await work.catch(() => undefined);
					};
					if (caller === 'make' || caller === 'delete' || caller === 'list') {
						const parameters =
							caller === 'make'
								? {
										resource: 'call',
										operation: 'make',
										agentId: 'a1',
										phoneNumber: '+14155550101',
									}
								: caller === 'delete'
									? { resource: 'customer', operation: 'delete', customerId: 'cus_1' }
									: { resource: 'customer', operation: 'getAll', returnAll: true };
						await settle(runOutreach(parameters, { credentials: auth }));
					} else if (caller === 'picker') {
						await settle(
							searchList('searchCustomers', {
								parameters: { resource: 'customer', operation: 'delete' },
								path: 'customerId',
								credentials: auth,
							}),
						);
					} else {
						await settle(pollOnce({ event: 'newCustomer' }, { credentials: auth }));
					}
					tokenStaysHome(baseUrl, [...service.requests, ...elsewhere.requests]);
				},
			),
			{ numRuns: RUNS },
		);
	}, 180_000);
});

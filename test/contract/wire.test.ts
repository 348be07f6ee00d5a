// What the node sends, byte for byte, for every operation: method, path and query, headers and body
// of each request, compared with the fixtures in wire/ (one file per operation, wireFixtures.ts: each
// case's parameters, input and time zone, and its requests). With OUTREACH_RECORD_WIRE=1 the test
// records the requests of the cases instead: `OUTREACH_RECORD_WIRE=1 npm test -- test/contract/wire`
// records on every engine. A new case is its parameters in the fixture, then recorded.
//
// A fixture's request is the request as sent, with three stand-ins: the access token, the Base URL
// and the multipart boundary (random per request). Host and Connection are left out, and so is the
// Content-Length of a multipart body, which depends on the boundary. Header names keep their case,
// sorted by name. The body is kept exactly: `bodyJson` when it is JSON that JSON.stringify writes
// back to the very same text (so key order and spacing are pinned), else `bodyLines` (its text split
// at CRLF), or `bodyBase64` for bytes that are not UTF-8; no body key means an empty body.
//
// A case's `requests` are what the engine of the project's devDependencies sends; `onEngine` holds
// what another engine sends where it differs, by that engine's n8n-core release.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';

import type { INodePropertyOptions } from 'n8n-workflow';

import { runAsAgentTool } from '../../support/engine/agent';
import { getNodeType, runOutreach } from '../../support/engine/engine';
import { json, listPage, type HostileRequest } from '../../support/hostile/server';
import { PACKAGE_ROOT } from '../../support/repo';
import { useHostile } from '../hostile/useHostile';
import {
	fixtureFile,
	fixtureOperations,
	lead,
	readFixture,
	type Fixture,
	type WireCase,
	type WireRequest,
} from './wireFixtures';

const RECORDING = process.env.OUTREACH_RECORD_WIRE === '1';
/** Whether this run is on the engine of the project's own devDependencies (not a release's). */
const ON_OWN_ENGINE = process.env.OUTREACH_ENGINE_MODULES === undefined;

const { service, credentials } = useHostile();

const engine = `n8n-core ${
	(
		JSON.parse(readFileSync(require.resolve('n8n-core/package.json'), 'utf8')) as {
			version: string;
		}
	).version
}`;

const LEFT_OUT = ['host', 'connection'];

const inOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A request as the fixtures hold it (see the top of this file). */
function wireRequest(
	request: HostileRequest,
	{ baseUrl, accessToken }: { baseUrl: string; accessToken: string },
): WireRequest {
	const contentType = headerValue(request.rawHeaders, 'content-type') ?? '';
	const boundary = /^multipart\/form-data;\s*boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
	const standIns = (value: string) => {
		let result = value.split(accessToken).join('{accessToken}').split(baseUrl).join('{baseUrl}');
		if (boundary) result = result.split(boundary).join('{boundary}');
		return result;
	};

	const pairs: Array<[string, string]> = [];
	for (let index = 0; index < request.rawHeaders.length; index += 2) {
		const name = request.rawHeaders[index];
		const lower = name.toLowerCase();
		if (LEFT_OUT.includes(lower) || (boundary && lower === 'content-length')) continue;
		pairs.push([name, standIns(request.rawHeaders[index + 1])]);
	}
	pairs.sort(([a], [b]) => inOrder(a.toLowerCase(), b.toLowerCase()) || inOrder(a, b));
	const headers: WireRequest['headers'] = {};
	for (const [name, value] of pairs) {
		const earlier = headers[name];
		headers[name] = earlier === undefined ? value : [earlier, value].flat();
	}

	const captured: WireRequest = { method: request.method, url: standIns(request.rawUrl), headers };
	const { body } = request;
	if (body.length === 0) return captured;
	const text = body.toString('utf8');
	if (!Buffer.from(text, 'utf8').equals(body)) {
		return { ...captured, bodyBase64: body.toString('base64') };
	}
	const bodyText = standIns(text);
	const parsed = parsedJson(bodyText);
	if (parsed && JSON.stringify(parsed.value) === bodyText)
		return { ...captured, bodyJson: parsed.value };
	return { ...captured, bodyLines: bodyText.split('\r\n') };
}

function headerValue(rawHeaders: string[], name: string): string | undefined {
	for (let index = 0; index < rawHeaders.length; index += 2) {
		if (rawHeaders[index].toLowerCase() === name) return rawHeaders[index + 1];
	}
	return undefined;
}

function parsedJson(text: string): { value: unknown } | undefined {
	try {
		return { value: JSON.parse(text) as unknown };
	} catch {
		return undefined;
	}
}

/** A plausible success for each endpoint: the service's record envelope, or a list page. */
function answerAsTheService(request: HostileRequest, response: ServerResponse): void {
	const { method, rawPath, query } = request;
	if (method === 'GET' && /^\/v2\/_(campaigns|customers|actions)$/.test(rawPath)) {
		// A full first page and a short second one: Return All reads two pages, a Limit one.
		const page = Number(query.get('page'));
		const perPage = Number(query.get('per_page'));
		const first = (page - 1) * perPage + 1;
		const records = Array.from({ length: page === 1 ? perPage : 2 }, (_, index) => ({
			id: `rec_${first + index}`,
			name: `Record ${first + index}`,
		}));
		const pagination = { current_page: page, per_page: perPage, total_records: perPage + 2 };
		json(response, 200, listPage(records, pagination));
		return;
	}
	const [status, data] = recordAnswer(method, rawPath);
	json(response, status, { ctx_id: 'ctx_wire', data, message: 'ok' });
}

function recordAnswer(method: string, rawPath: string): [number, Record<string, unknown>] {
	if (rawPath.endsWith('/makeCall')) {
		const agentId = decodeURIComponent(rawPath.split('/')[3]);
		return [200, { call_id: 'call_1', status: 'queued', agent_id: agentId }];
	}
	if (rawPath === '/v2/campaign/create_with_touchpoint') {
		return [200, { id: 'cmp_1', name: 'Spring renewals', status: 'scheduled' }];
	}
	if (rawPath === '/v2/_actions') {
		return [201, { action_id: 'act_1', name: 'Action', type: 'SEND_EMAIL' }];
	}
	if (method === 'DELETE') return [200, { deleted: true }];
	if (method === 'POST') return [201, { id: 'rec_1', name: 'Created' }];
	if (method === 'PUT') return [200, { id: 'kb_support', name: 'Handbook', document_count: 3 }];
	return [200, { id: rawPath.split('/').at(-1), name: 'Read' }];
}

beforeAll(() => service.respondWith(answerAsTheService));

/** What this engine is expected to send for a case. */
function expectedRequests(recorded: WireCase): WireRequest[] | undefined {
	return recorded.onEngine?.[engine] ?? recorded.requests;
}

/**
 * A case as recorded after this engine's run: the project's own engine sets `requests` (and drops the
 * other engines' entries that now equal them); another engine records only where it differs.
 */
function recordOnThisEngine(earlier: WireCase, requests: WireRequest[]): WireCase {
	const { requests: before, onEngine: elsewhere, ...form } = earlier;
	const onEngine = { ...elsewhere };
	delete onEngine[engine];
	let shared = before ?? requests;
	if (ON_OWN_ENGINE) {
		shared = requests;
		for (const [other, theirs] of Object.entries(onEngine)) {
			if (isDeepStrictEqual(theirs, shared)) delete onEngine[other];
		}
	} else if (!isDeepStrictEqual(requests, shared)) {
		onEngine[engine] = requests;
	}
	const sorted = Object.keys(onEngine).sort(inOrder);
	return sorted.length
		? {
				...form,
				requests: shared,
				onEngine: Object.fromEntries(sorted.map((key) => [key, onEngine[key]])),
			}
		: { ...form, requests: shared };
}

/** A case's requests as text: its line diff shows what changed, key order included. */
const shown = (operation: string, caseName: string, requests: WireRequest[] | undefined) =>
	`${operation}, case "${caseName}", on ${engine}:\n${JSON.stringify(requests ?? null, null, 2)}`;

/** The requests captured in record mode, by operation and case. */
const captured = new Map<string, Map<string, WireRequest[]>>();

function writeFixtures(): void {
	const files = [...captured].map(([operation, cases]) => {
		// Cases not run this time (jest -t) keep what was recorded.
		const fixture: Fixture = {};
		for (const [name, earlier] of Object.entries(readFixture(operation))) {
			const requests = cases.get(name);
			fixture[name] = requests ? recordOnThisEngine(earlier, requests) : earlier;
		}
		const file = fixtureFile(operation);
		writeFileSync(file, `${JSON.stringify(fixture, null, '\t')}\n`);
		return file;
	});
	execFileSync(
		process.execPath,
		[require.resolve('prettier/bin/prettier.cjs'), '--log-level', 'warn', '--write', ...files],
		{ cwd: PACKAGE_ROOT },
	);
}

/** Every operation of the node, as "resource.operation", read from its declarations. */
function nodeOperations(): string[] {
	return getNodeType()
		.description.properties.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.displayOptions?.show?.resource ?? []).flatMap((resource) =>
				((property.options ?? []) as INodePropertyOptions[]).map(
					(option) => `${String(resource)}.${String(option.value)}`,
				),
			),
		);
}

describe('The requests on the wire, against the recorded fixtures', () => {
	afterAll(() => {
		if (RECORDING && captured.size > 0) writeFixtures();
	});

	describe.each(fixtureOperations())('%s', (operation) => {
		it.each(Object.entries(readFixture(operation)))('%s', async (caseName, wireCase) => {
			const credential = credentials();
			const { error } = await runOutreach(wireCase.parameters, {
				items: wireCase.items ?? [lead],
				credentials: credential,
				timezone: wireCase.timezone ?? 'UTC',
			});
			expect(error).toBeUndefined();
			const requests = service.requests.map((request) => wireRequest(request, credential));

			if (RECORDING) {
				captured.set(operation, (captured.get(operation) ?? new Map()).set(caseName, requests));
				return;
			}
			const expected = expectedRequests(wireCase);
			if (!expected) {
				throw new Error(
					`No recorded requests for ${operation}, case "${caseName}": record them with OUTREACH_RECORD_WIRE=1`,
				);
			}
			expect(shown(operation, caseName, requests)).toBe(shown(operation, caseName, expected));
		});
	});

	it('has a fixture for every operation of the node, for no other, each case of that operation', () => {
		expect(fixtureOperations().sort(inOrder)).toEqual(nodeOperations().sort(inOrder));
		for (const operation of fixtureOperations()) {
			const cases = Object.values(readFixture(operation));
			expect(cases.length).toBeGreaterThan(0);
			for (const { parameters } of cases)
				expect(`${String(parameters.resource)}.${String(parameters.operation)}`).toBe(operation);
		}
	});
});

describe('The requests on the wire when an AI agent uses the node as a tool', () => {
	/** Each operation's first case whose form reads nothing from an input item. */
	const toolCases = fixtureOperations().flatMap((operation) => {
		const standalone = Object.entries(readFixture(operation)).find(
			([, wireCase]) => !wireCase.items && !JSON.stringify(wireCase.parameters).includes('$json'),
		);
		return standalone ? [[operation, ...standalone] as const] : [];
	});

	it('covers every operation', () => {
		expect(toolCases.map(([operation]) => operation).sort(inOrder)).toEqual(
			nodeOperations().sort(inOrder),
		);
	});

	it.each(toolCases)(
		'%s, case "%s", sends what the node sends',
		async (operation, caseName, wireCase) => {
			if (RECORDING) return;
			const credential = credentials();
			const { answers } = await runAsAgentTool(wireCase.parameters, [{}], credential, {
				timezone: wireCase.timezone ?? 'UTC',
			});
			expect(answers).toHaveLength(1);
			expect(answers[0]).not.toHaveProperty('error');
			const requests = service.requests.map((request) => wireRequest(request, credential));
			const expected = expectedRequests(wireCase);
			expect(shown(operation, caseName, requests)).toBe(shown(operation, caseName, expected));
		},
	);
});

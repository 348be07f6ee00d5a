import { MAKE_CALL_ROUTE, Sandbox } from '../../support/sandbox/server';
import { useSandbox } from '../useSandbox';

const { sandbox } = useSandbox({ seedCustomers: 25 });

async function call(
	method: string,
	path: string,
	init: { body?: unknown; token?: string | null; form?: FormData } = {},
) {
	const headers: Record<string, string> = {};
	if (init.token !== null) headers.authorization = `Bearer ${init.token ?? sandbox.token}`;
	let body: FormData | string | undefined;
	if (init.form) body = init.form;
	else if (init.body !== undefined) {
		headers['content-type'] = 'application/json';
		body = JSON.stringify(init.body);
	}
	const response = await fetch(`${sandbox.url}${path}`, { method, headers, body });
	const text = await response.text();
	return {
		status: response.status,
		headers: response.headers,
		text,
		json: text.startsWith('{') ? JSON.parse(text) : undefined,
	};
}

describe('sandbox enforces the contract', () => {
	it('answers 404 for a path the contract does not have', async () => {
		const response = await call('GET', '/v2/_customer');
		expect(response.status).toBe(404);
		expect(response.json).toMatchObject({
			ctx_id: expect.any(String),
			message: expect.any(String),
		});
	});

	it('answers 405 for a method the path does not have', async () => {
		expect((await call('PUT', '/v2/_customers')).status).toBe(405);
	});

	it('answers 401 without the configured token', async () => {
		expect((await call('GET', '/v2/_customers', { token: null })).status).toBe(401);
		expect((await call('GET', '/v2/_customers', { token: 'other' })).status).toBe(401);
	});

	it('answers 400 with the field named for a body that does not match', async () => {
		const response = await call('POST', '/v2/_assistants', { body: { description: 'no name' } });
		expect(response.status).toBe(400);
		expect(response.json.errors).toEqual(
			expect.arrayContaining([expect.objectContaining({ path: '/body/name' })]),
		);
	});

	it('rejects a misspelt field where the service description names every field', async () => {
		const response = await call('POST', '/v2/_actions', {
			body: {
				name: 'Transfer',
				description: 'to sales',
				action_timing: 'DURING',
				type: 'CALL_TRANSFER',
				phone_number: '+14155550100',
				run_before_call: true,
			},
		});
		expect(response.status).toBe(400);
		expect(response.text).toContain('run_before_call');
	});

	it('answers 400 naming the query parameter for a bad page size', async () => {
		const response = await call('GET', '/v2/_customers?per_page=0');
		expect(response.status).toBe(400);
		expect(response.json.errors[0].path).toBe('/query/per_page');
	});
});

describe('sandbox state', () => {
	it('pages seeded customers with the service description pagination object', async () => {
		const response = await call('GET', '/v2/_customers?page=3&per_page=10');
		expect(response.status).toBe(200);
		expect(response.json.data.pagination).toEqual({
			current_page: 3,
			per_page: 10,
			total_records: 25,
		});
		expect(response.json.data.data.map((customer: { id: string }) => customer.id)).toEqual([
			'cus_00021',
			'cus_00022',
			'cus_00023',
			'cus_00024',
			'cus_00025',
		]);
	});

	it('defaults to page 1 with 10 records', async () => {
		const response = await call('GET', '/v2/_customers');
		expect(response.json.data.data).toHaveLength(10);
		expect(response.json.data.pagination.current_page).toBe(1);
	});

	it('creates, reads, updates (multipart) and deletes a knowledge base', async () => {
		const createdKb = await call('POST', '/v2/_knowledge_base', { body: { name: 'Docs' } });
		expect(createdKb.status).toBe(201);
		const id = createdKb.json.data.id as string;

		const form = new FormData();
		form.append('name', 'Docs v2');
		form.append('files', new Blob([Buffer.from([0, 1, 2, 255])]), 'a.bin');
		form.append('urls', 'https://example.com/a');
		form.append('urls', 'https://example.com/b');
		form.append('faqs', '{"question":"Q","answer":"A"}');
		const updated = await call('PUT', `/v2/_knowledgebase/${id}`, { form });
		expect(updated.status).toBe(200);
		expect(updated.json.data).toEqual({ id, name: 'Docs v2', document_count: 4 });
		const recorded = sandbox.requests.at(-1)!;
		expect(recorded.files).toHaveLength(1);
		expect([...recorded.files[0].content]).toEqual([0, 1, 2, 255]);

		expect((await call('GET', `/v2/_knowledgebase/${id}`)).json.data.name).toBe('Docs v2');
		expect((await call('DELETE', `/v2/_knowledgebase/${id}`)).status).toBe(200);
		expect((await call('GET', `/v2/_knowledgebase/${id}`)).status).toBe(404);
	});

	it('lists created actions and deletes customers', async () => {
		await call('POST', '/v2/_actions', {
			body: {
				name: 'T',
				action_timing: 'DURING',
				type: 'RINGCENTRAL',
				webhook: { from: 1, to: 2 },
			},
		});
		const actions = await call('GET', '/v2/_actions');
		expect(actions.json.data.data).toEqual([
			expect.objectContaining({ name: 'T', type: 'RINGCENTRAL' }),
		]);
		expect((await call('DELETE', '/v2/_customers/cus_00001')).status).toBe(200);
		expect((await call('DELETE', '/v2/_customers/cus_00001')).status).toBe(404);
	});
});

describe('sandbox faults', () => {
	it('serves the injected faults in order, then recovers', async () => {
		sandbox.injectFaults(
			{ kind: 'status', status: 429, retryAfterSeconds: 2 },
			{ kind: 'html' },
			{ kind: 'status', status: 503 },
		);
		const limited = await call('GET', '/v2/_campaigns');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('2');
		const html = await call('GET', '/v2/_campaigns');
		expect(html.status).toBe(502);
		expect(html.headers.get('content-type')).toContain('text/html');
		expect((await call('GET', '/v2/_campaigns')).status).toBe(503);
		expect((await call('GET', '/v2/_campaigns')).status).toBe(200);
	});

	it('keeps a fault aimed at a route for that route: other requests (a trigger’s poll) pass', async () => {
		sandbox.injectFaults(
			{ kind: 'status', status: 503, route: MAKE_CALL_ROUTE },
			{ kind: 'status', status: 400, route: MAKE_CALL_ROUTE },
		);
		expect((await call('GET', '/v2/_customers')).status).toBe(200);
		expect((await call('POST', '/v2/_actions', { body: {} })).status).not.toBe(503);
		const body = { phone_number: '+14155550198' };
		expect((await call('POST', '/v2/_voicecalls/agent-1/makeCall', { body })).status).toBe(503);
		expect((await call('GET', '/v2/_customers')).status).toBe(200);
		expect((await call('POST', '/v2/_voicecalls/agent-1/makeCall', { body })).status).toBe(400);
		expect((await call('POST', '/v2/_voicecalls/agent-1/makeCall', { body })).status).toBe(200);
	});

	it('refuses a fault aimed at a route without its method, which no request would match', () => {
		expect(() =>
			sandbox.injectFaults({ kind: 'status', status: 503, route: '/v2/_voicecalls/' }),
		).toThrow('"/v2/_voicecalls/"');
	});

	it('drops a connection', async () => {
		sandbox.injectFaults({ kind: 'drop' });
		await expect(call('GET', '/v2/_campaigns')).rejects.toThrow();
	});

	it('places a call, then loses its answer', async () => {
		sandbox.injectFaults({ kind: 'lostAnswer' });
		const body = { phone_number: '+14155550199' };
		const before = sandbox.store.calls.size;
		await expect(call('POST', '/v2/_voicecalls/agent-1/makeCall', { body })).rejects.toThrow();
		expect(sandbox.store.calls.size).toBe(before + 1);
		expect(sandbox.requests[0]).toMatchObject({ body, status: undefined });
		expect((await call('POST', '/v2/_voicecalls/agent-1/makeCall', { body })).status).toBe(200);
	});

	it('still validates a request whose answer it loses: nothing is placed', async () => {
		sandbox.injectFaults({ kind: 'lostAnswer' });
		const before = sandbox.store.calls.size;
		await expect(
			call('POST', '/v2/_voicecalls/agent-1/makeCall', { body: { phone_number: 'not a number' } }),
		).rejects.toThrow();
		expect(sandbox.store.calls.size).toBe(before);
	});

	describe('records a JSON body as it arrived, as soon as it is read', () => {
		const makeCallPath = '/v2/_voicecalls/agent-1/makeCall';
		const body = { phone_number: '+14155550100', customer_name: 'Ada' };

		it('while a slow answer is still pending', async () => {
			sandbox.injectFaults({ kind: 'slow', delayMs: 1000 });
			const answered = call('POST', makeCallPath, { body });
			const started = Date.now();
			while (sandbox.requests[0]?.body === undefined && Date.now() - started < 900) {
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			expect(sandbox.requests[0].body).toEqual(body);
			expect(sandbox.requests[0].status).toBeUndefined();
			expect((await answered).status).toBe(200);
		});

		it('when the connection is dropped', async () => {
			sandbox.injectFaults({ kind: 'drop' });
			await expect(call('POST', makeCallPath, { body })).rejects.toThrow();
			expect(sandbox.requests[0].body).toEqual(body);
		});

		it('as its text when it is not valid JSON', async () => {
			const response = await fetch(`${sandbox.url}${makeCallPath}`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
				body: '{"phone_number": "+1415',
			});
			expect(response.status).toBe(400);
			expect(sandbox.requests[0].body).toBe('{"phone_number": "+1415');
		});
	});
});

describe('sandbox rate-limit mode', () => {
	it.each([
		['seconds', /^1$/],
		['date', /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/],
	] as const)(
		'admits a bucket of requests a second, then refuses with 429 and Retry-After (%s)',
		async (retryAfter, header) => {
			const limited = new Sandbox({ rateLimit: { perSecond: 5, retryAfter } });
			await limited.start(0);
			try {
				const statuses: number[] = [];
				let retryAfterHeader: string | null = null;
				for (let n = 0; n < 8; n++) {
					const response = await fetch(`${limited.url}/v2/_campaigns`, {
						headers: { authorization: `Bearer ${limited.token}` },
					});
					statuses.push(response.status);
					if (response.status === 429) retryAfterHeader = response.headers.get('retry-after');
				}
				expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(5);
				expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
				expect(statuses).toContain(429);
				expect(retryAfterHeader).toMatch(header);
				expect(limited.refused).toBe(statuses.filter((status) => status === 429).length);
			} finally {
				await limited.stop();
			}
		},
	);
});

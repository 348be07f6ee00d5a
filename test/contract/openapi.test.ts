import { readFileSync } from 'node:fs';

import { validate } from '@readme/openapi-parser';
import { parse } from 'yaml';

import { SPEC_PATH } from '../../support/repo';

type Spec = {
	paths: Record<string, Record<string, { 'x-assumption'?: unknown }>>;
	info: { description: string };
};

const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;

/** Every endpoint of the service description, as the service description writes it; the action creations are our assumption. */
const serviceEndpoints = [
	'POST /v2/_voicecalls/{agent_id}/makeCall',
	'POST /v2/campaign/create_with_touchpoint',
	'GET /v2/_campaigns',
	'GET /v2/_campaigns/{campaign_id}',
	// The service description writes DELETE /v2/_campaigns/{id}; OpenAPI allows one parameter name per templated path.
	'DELETE /v2/_campaigns/{campaign_id}',
	'GET /v2/_customers',
	'DELETE /v2/_customers/{customer_id}',
	'POST /v2/_knowledge_base',
	'GET /v2/_knowledgebase/{id}',
	'PUT /v2/_knowledgebase/{id}',
	'DELETE /v2/_knowledgebase/{id}',
	'GET /v2/_actions',
	'POST /v2/_assistants',
];

describe('contract spec/outreach.openapi.yaml', () => {
	it('is a valid OpenAPI 3.1 document', async () => {
		const result = await validate(SPEC_PATH);
		expect('errors' in result ? result.errors : []).toEqual([]);
		expect(result.valid).toBe(true);
		expect((spec as unknown as { openapi: string }).openapi).toBe('3.1.0');
	});

	it.each(serviceEndpoints)('describes %s', (endpoint) => {
		const [method, path] = endpoint.split(' ');
		expect(spec.paths[path]?.[method.toLowerCase()]).toBeDefined();
	});

	it('marks the action creations as an assumption', () => {
		expect(spec.paths['/v2/_actions'].post['x-assumption']).toMatch(/POST \/v2\/_actions/);
	});

	it('describes nothing beyond the service description and the assumed action creation', () => {
		const described = Object.entries(spec.paths).flatMap(([path, item]) =>
			Object.keys(item)
				.filter((key) => ['get', 'post', 'put', 'delete', 'patch'].includes(key))
				.map((method) => `${method.toUpperCase()} ${path}`),
		);
		expect(described.sort()).toEqual([...serviceEndpoints, 'POST /v2/_actions'].sort());
	});
});

// The contract, spec/outreach.openapi.yaml, against what is built on it: the node's operations, read
// from their own declarations, and the sandbox's routes. Adding an
// operation adds its endpoint here by itself; an endpoint the contract lacks fails here.
import { readFileSync } from 'node:fs';

import { validate } from '@readme/openapi-parser';
import type { INodePropertyOptions } from 'n8n-workflow';
import { parse } from 'yaml';

import { resources } from '../../nodes/Outreach/Outreach.node';
import { getNodeType } from '../../support/engine/engine';
import { SPEC_PATH } from '../../support/repo';
import { Sandbox } from '../../support/sandbox/server';

type Spec = {
	paths: Record<string, Record<string, { 'x-assumption'?: unknown }>>;
};

const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;
const methods = ['get', 'post', 'put', 'delete', 'patch'];

/**
 * An endpoint as "METHOD /path/{}": the service description names one path's placeholder "id" for a
 * delete and "campaign_id" for a get, and OpenAPI allows one name per templated path.
 */
const endpoint = (method: string, path: string) =>
	`${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/** Every endpoint the contract describes. */
const described = Object.entries(spec.paths).flatMap(([path, item]) =>
	Object.keys(item)
		.filter((key) => methods.includes(key))
		.map((method) => endpoint(method, path)),
);

/** Every operation of the node with the endpoint its declaration names, as "resource.operation". */
const operations = resources.flatMap(({ value, operations: declared }) =>
	declared.map(({ option, request }) => ({
		name: `${value}.${option.value}`,
		endpoint: endpoint(request.method, request.path),
	})),
);

/** Every operation the node's form offers, as "resource.operation". */
const offered = getNodeType()
	.description.properties.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.displayOptions?.show?.resource ?? []).flatMap((resource) =>
			((property.options ?? []) as INodePropertyOptions[]).map(
				(operation) => `${String(resource)}.${String(operation.value)}`,
			),
		),
	);

describe('contract spec/outreach.openapi.yaml', () => {
	it('is a valid OpenAPI 3.1 document', async () => {
		const result = await validate(SPEC_PATH);
		expect('errors' in result ? result.errors : []).toEqual([]);
		expect(result.valid).toBe(true);
		expect((spec as unknown as { openapi: string }).openapi).toBe('3.1.0');
	});

	it('reads the operations from the node', () => {
		expect(operations.map(({ name }) => name).sort()).toEqual([...offered].sort());
		for (const operation of operations) expect(operation.endpoint).toMatch(/^[A-Z]+ \/v2\//);
	});

	it.each(operations.map((operation) => [operation.name, operation.endpoint]))(
		'describes the endpoint of %s (%s)',
		(_name, used) => {
			expect(described).toContain(used);
		},
	);

	it('describes nothing that no operation uses', () => {
		const used = new Set(operations.map((operation) => operation.endpoint));
		expect(described.filter((endpoint) => !used.has(endpoint))).toEqual([]);
	});

	it('marks the action creations as an assumption', () => {
		expect(spec.paths['/v2/_actions'].post['x-assumption']).toMatch(/POST \/v2\/_actions/);
	});

	it('is what the sandbox answers: one route per endpoint, none beyond', () => {
		const routes = new Sandbox({ recording: false })
			.serviceRoutes()
			.map((route) => endpoint(...(route.split(' ') as [string, string])));
		expect(new Set(routes).size).toBe(routes.length);
		expect([...routes].sort()).toEqual([...described].sort());
	});
});

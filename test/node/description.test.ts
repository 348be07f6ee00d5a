import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { Outreach } from '../../nodes/Outreach/Outreach.node';
import { getNodeType, OUTREACH_NODE_TYPE, PACKAGE_ROOT } from '../../support/engine/engine';

const description = getNodeType().description;
const resources = (description.properties.find((property) => property.name === 'resource')
	?.options ?? []) as INodePropertyOptions[];
const operationsOf = (resource: string) =>
	description.properties
		.filter(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource),
		)
		.flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);

describe('Outreach node description', () => {
	it('offers the six resources of the service description, each with its operations', () => {
		expect(resources.map((resource) => resource.value).sort()).toEqual(
			['action', 'assistant', 'call', 'campaign', 'customer', 'knowledgeBase'].sort(),
		);
		// Which operations, and their endpoints, test/contract/openapi.test.ts holds against the contract.
		for (const resource of resources) {
			expect(operationsOf(String(resource.value)).length).toBeGreaterThan(0);
		}
	});

	it('runs every operation with its own execute: nothing in the form is left to n8n’s routing', () => {
		expect(typeof getNodeType().execute).toBe('function');
		expect(description.requestDefaults).toBeUndefined();
		const routed: string[] = [];
		const visit = (value: unknown, at: string): void => {
			if (Array.isArray(value)) value.forEach((entry, index) => visit(entry, `${at}[${index}]`));
			else if (value && typeof value === 'object') {
				for (const [key, entry] of Object.entries(value)) {
					if (key === 'routing' || key === 'send') routed.push(`${at}.${key}`);
					visit(entry, `${at}.${key}`);
				}
			}
		};
		visit(description.properties, 'properties');
		expect(routed).toEqual([]);
	});

	it('is usable as an AI agent tool: every operation says what it does', () => {
		expect(description.usableAsTool).toBe(true);
		for (const resource of resources) {
			for (const operation of operationsOf(String(resource.value))) {
				expect(operation.action).toMatch(/^[A-Z][a-z]+ .{6,}/);
				expect(operation.description?.length).toBeGreaterThan(10);
			}
		}
	});

	it('shows operation and resource in its subtitle and has distinct light and dark icons', () => {
		expect(description.subtitle).toContain('$parameter["operation"]');
		expect(description.subtitle).toContain('$parameter["resource"]');
		// n8n's loader rewrites icon paths for its icon server, so read the declared ones from the class.
		const icon = new Outreach().description.icon as { light: string; dark: string };
		const light = readFileSync(
			path.join(PACKAGE_ROOT, 'nodes/Outreach', icon.light.replace('file:', '')),
			'utf8',
		);
		const dark = readFileSync(
			path.join(PACKAGE_ROOT, 'nodes/Outreach', icon.dark.replace('file:', '')),
			'utf8',
		);
		expect(light).toMatch(/^<svg/);
		expect(dark).toMatch(/^<svg/);
		expect(light).not.toEqual(dark);
	});

	it('ships a codex with categories and documentation links for both nodes', () => {
		for (const codexFile of [
			'dist/nodes/Outreach/Outreach.node.json',
			'dist/nodes/OutreachTrigger/OutreachTrigger.node.json',
		]) {
			expect(existsSync(path.join(PACKAGE_ROOT, codexFile))).toBe(true);
			const codex = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, codexFile), 'utf8'));
			expect(codex.categories.length).toBeGreaterThan(0);
			// n8n's node creator files "AI" nodes under its AI section only: with it, searching "Outreach" found nothing.
			expect(codex.categories).not.toContain('AI');
			expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
		}
	});
});

describe('a new Outreach node, and a new AI-agent tool, starts read-only', () => {
	it('defaults to Customer → Get Many', () => {
		const resource = description.properties.find((property) => property.name === 'resource');
		expect(resource?.default).toBe('customer');
		const customerOperation = description.properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.[0] === 'customer',
		);
		expect(customerOperation?.default).toBe('getAll');
	});
});

describe('texts a new user meets in the editor', () => {
	it('the canvas subtitle is the operation’s action text, not internal values', () => {
		// n8n's lint accepts only a literal subtitle: this builds it from the operations' declarations,
		// in the order the node declares them, so a new operation's text shows here to paste.
		const actions: Record<string, string> = {};
		for (const property of description.properties.filter((field) => field.name === 'operation')) {
			for (const resource of property.displayOptions?.show?.resource ?? []) {
				for (const operation of (property.options ?? []) as INodePropertyOptions[]) {
					actions[`${String(resource)}.${String(operation.value)}`] = String(operation.action);
				}
			}
		}
		expect(description.subtitle).toBe(
			`={{ ${JSON.stringify(actions)}[$parameter["resource"] + "." + $parameter["operation"]] }}`,
		);
		expect(actions['call.make']).toBe('Make an AI voice call');
	});

	it('no resource is named so that n8n’s node creator heads it "… Action Actions"', () => {
		for (const resource of resources) expect(resource.name).not.toMatch(/Action$/);
	});

	it('the Outreach node and its trigger share one description (n8n shows the trigger’s for both)', () => {
		const trigger = getNodeType(OUTREACH_NODE_TYPE.replace(/\.outreach$/, '.outreachTrigger'));
		expect(trigger.description.description).toBe(description.description);
		expect(description.description).toMatch(/^Place AI voice calls/);
	});
});

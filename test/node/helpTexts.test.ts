// Every key a help text teaches (in JSON examples, quoted field names, example expressions) must be a
// key of the contract: a user who copies an example must send what the service takes.
import { readFileSync } from 'node:fs';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { parse } from 'yaml';

import { getCredentialType, getNodeType, OUTREACH_NODE_TYPE } from '../../support/engine/engine';
import { SPEC_PATH } from '../../support/repo';

/** Every property name the contract declares, anywhere in it. */
function contractKeys(): Set<string> {
	const keys = new Set<string>();
	const walk = (value: unknown) => {
		if (Array.isArray(value)) return value.forEach(walk);
		if (typeof value !== 'object' || value === null) return;
		for (const [key, entry] of Object.entries(value)) {
			if (key === 'properties' && typeof entry === 'object' && entry !== null) {
				Object.keys(entry).forEach((name) => keys.add(name));
			}
			walk(entry);
		}
	};
	walk(parse(readFileSync(SPEC_PATH, 'utf8')));
	return keys;
}

type Described = Partial<INodeProperties & INodePropertyOptions & INodePropertyCollection>;

/** Every text a user reads in the node panels and the credential dialog, with where it is. */
function helpTexts(): Array<{ where: string; text: string }> {
	const texts: Array<{ where: string; text: string }> = [];
	const visit = (entry: Described, where: string) => {
		const here = `${where} › ${entry.displayName ?? entry.name ?? ''}`;
		for (const field of ['displayName', 'description', 'hint', 'placeholder', 'action'] as const) {
			const text = entry[field];
			if (typeof text === 'string') texts.push({ where: `${here} (${field})`, text });
		}
		for (const child of [
			...((entry.options ?? []) as Described[]),
			...((entry.values ?? []) as Described[]),
		]) {
			visit(child, here);
		}
	};
	const outreach = getNodeType().description;
	const trigger = getNodeType(
		OUTREACH_NODE_TYPE.replace(/\.outreach$/, '.outreachTrigger'),
	).description;
	for (const [name, properties] of [
		['Outreach', outreach.properties],
		['Outreach Trigger', trigger.properties],
		['Outreach API credential', getCredentialType().properties],
	] as const) {
		properties.forEach((property) => visit(property as Described, name));
	}
	return texts;
}

/** The keys a text teaches: JSON keys, quoted key lists, object keys of example expressions. */
function taughtKeys(text: string): string[] {
	const keys: string[] = [];
	for (const [, key] of text.matchAll(/"([^"\s]+)"\s*:/g)) keys.push(...key.split('.'));
	for (const [, list] of text.matchAll(/\{\s*("[^"]+"(?:\s*,\s*"[^"]+")*)\s*\}/g)) {
		for (const [, key] of list.matchAll(/"([^"]+)"/g)) keys.push(key);
	}
	for (const [, expression] of text.matchAll(/\{\{(.*?)\}\}/g)) {
		for (const [, key] of expression.matchAll(/[({,]\s*([A-Za-z_$][\w$]*)\s*:/g)) keys.push(key);
	}
	return keys;
}

describe('help texts teach only what the service takes', () => {
	const keys = contractKeys();
	const texts = helpTexts();

	it('reads the texts of both nodes and the credential', () => {
		expect(texts.length).toBeGreaterThan(150);
		expect(keys.has('to_number')).toBe(true);
	});

	it('every key in an example is a key of the contract (spec/outreach.openapi.yaml)', () => {
		const wrong = texts.flatMap(({ where, text }) =>
			taughtKeys(text)
				.filter((key) => !keys.has(key))
				.map((key) => `${where}: "${key}"`),
		);
		expect(wrong).toEqual([]);
	});

	it('example expressions read items as n8n has them (item.json, item.binary)', () => {
		const wrong = texts.flatMap(({ where, text }) =>
			[...text.matchAll(/\bitem\.(\w+)/g)]
				.filter(([, member]) => !['json', 'binary', 'pairedItem'].includes(member))
				.map(([match]) => `${where}: ${match}`),
		);
		expect(wrong).toEqual([]);
	});

	it('the checker finds what the autofix did to the old Customers (JSON) help', () => {
		const old =
			'Array of {"ID": "…", "to_number": "…"}. To take them from all input items: {{ $input.all().map(item => ({ ID: item.JSON.ID, to_number: item.JSON.phone })) }}';
		expect(taughtKeys(old).filter((key) => !keys.has(key))).toEqual(['ID', 'ID']);
		expect([...old.matchAll(/\bitem\.(\w+)/g)].map(([, member]) => member)).toContain('JSON');
	});
});

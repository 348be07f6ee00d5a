// The wire test's fixtures (wire/<resource>.<operation>.json), one file per operation: each case's
// parameters as the node's form saves them, its input items and the workflow's time zone when not the
// defaults, and the requests the node sends for it (see the top of wire.test.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

const FIXTURES = path.join(__dirname, 'wire');

export interface WireRequest {
	method: string;
	url: string;
	headers: Record<string, string | string[]>;
	bodyJson?: unknown;
	bodyLines?: string[];
	bodyBase64?: string;
}

export interface WireCase {
	parameters: INodeParameters;
	/** The node's input; one lead without files unless given. */
	items?: INodeExecutionData[];
	/** The workflow's time zone; UTC unless given. */
	timezone?: string;
	/** What the engine of the project's devDependencies sends (missing until recorded). */
	requests?: WireRequest[];
	/** What another engine sends where it differs, by that engine's n8n-core release. */
	onEngine?: Record<string, WireRequest[]>;
}

/** An operation's cases by name. */
export type Fixture = Record<string, WireCase>;

/** The one input item of most cases; the full forms read it with expressions. */
export const lead: INodeExecutionData = {
	json: {
		id: 'lead-17',
		name: 'Ada Lovelace',
		phone: '+14155550101',
		email: 'ada@example.com',
		agent: 'agent-7',
		campaignId: 'cmp_42',
		customerId: 'cus_00017',
		knowledgeBaseId: 'kb_support',
		customers: [
			{ id: 'cus_1', to_number: '+14155550101' },
			{ id: 'cus_2', to_number: '+442071838750' },
		],
	},
};

export const fixtureFile = (operation: string) => path.join(FIXTURES, `${operation}.json`);

export function readFixture(operation: string): Fixture {
	const file = fixtureFile(operation);
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Fixture) : {};
}

/** The operations that have fixtures, as "resource.operation". */
export const fixtureOperations = (): string[] =>
	readdirSync(FIXTURES)
		.filter((file) => file.endsWith('.json'))
		.map((file) => file.replace(/\.json$/, ''));

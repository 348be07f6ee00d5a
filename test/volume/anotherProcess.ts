import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { PACKAGE_ROOT, registerPackageNode } from '../../support/engine/engine';

let processes = 0;

/**
 * The package as another n8n process runs it: a copy of the built node, with module state of its own
 * (its turns at n8n's store, its account gates), registered as a node type of its own. Executions of
 * the two share only what two n8n processes share: the deduplication store, one database.
 */
export function anotherProcess(): string {
	const type = `anotherProcess${++processes}.outreach`;
	mkdirSync(path.join(PACKAGE_ROOT, '.build'), { recursive: true });
	// Inside the project, so that the copy gets the engine's n8n-workflow, as the package does.
	const copy = mkdtempSync(path.join(PACKAGE_ROOT, '.build', 'another-process-'));
	try {
		cpSync(path.join(PACKAGE_ROOT, 'dist'), path.join(copy, 'dist'), { recursive: true });
		const file = path.join(copy, 'dist/nodes/Outreach/Outreach.node.js');
		const { Outreach } = jest.requireActual<{ Outreach: new () => INodeType }>(file);
		registerPackageNode(type, new Outreach());
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
	return type;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
	NodeConnectionTypes,
	type ICredentialDataDecryptedObject,
	type IConnections,
	type INode,
	type INodeType,
	type IPinData,
} from 'n8n-workflow';

import { nodeTypes, OUTREACH_CREDENTIAL_TYPE, PACKAGE_ROOT, runWorkflow } from './engine';

interface ExampleWorkflow {
	name: string;
	active: boolean;
	nodes: INode[];
	connections: IConnections;
	pinData?: IPinData;
}

export function readExample(fileName: string): ExampleWorkflow {
	return JSON.parse(
		readFileSync(path.join(PACKAGE_ROOT, 'examples', fileName), 'utf8'),
	) as ExampleWorkflow;
}

/**
 * The examples start from n8n-nodes-base triggers, which this package does not install. Their output
 * is pinned in the example (n8n then uses it instead of running the node), except the Manual Trigger's,
 * which is one empty item, as n8n's own. A stand-in that declares the node type is enough.
 */
function registerTriggerStandIn(type: string): void {
	const isManualTrigger = type === 'n8n-nodes-base.manualTrigger';
	const standIn: INodeType = {
		description: {
			displayName: `${type} (stand-in)`,
			name: type.split('.').pop() ?? type,
			group: ['trigger'],
			version: [1, 1.1, 1.2, 2, 2.1, 2.2],
			description: 'Declares an n8n-nodes-base trigger whose output the example pins',
			defaults: {},
			inputs: [],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
		async execute() {
			if (isManualTrigger) return [[{ json: {} }]];
			throw new Error(`${type} is a stand-in: pin its output`);
		},
	};
	nodeTypes.register(type, standIn);
}

/** Runs an example workflow as a user would after importing it: from its trigger, with the pinned sample. */
export async function runExample(
	example: ExampleWorkflow,
	credentials: ICredentialDataDecryptedObject,
) {
	for (const node of example.nodes) {
		if (node.type.startsWith('n8n-nodes-base.')) registerTriggerStandIn(node.type);
	}
	const otherCredentials = example.nodes
		.flatMap((node) => Object.keys(node.credentials ?? {}))
		.filter((type) => type !== OUTREACH_CREDENTIAL_TYPE);
	if (otherCredentials.length)
		throw new Error(`The example uses other credentials: ${otherCredentials.join(', ')}`);
	return await runWorkflow(
		{ nodes: example.nodes, connections: example.connections, pinData: example.pinData },
		{ [OUTREACH_CREDENTIAL_TYPE]: credentials },
	);
}

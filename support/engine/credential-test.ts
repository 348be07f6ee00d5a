import { RoutingNode } from 'n8n-core';
import {
	NodeConnectionTypes,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INodeType,
} from 'n8n-workflow';

import {
	getCredentialType,
	nodeTypes,
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_CREDENTIALS,
	runWorkflow,
} from './engine';

const CREDENTIAL_TEST_NODE_TYPE = 'test.credentialTest';

/** Reads a dotted path, as lodash `get` does in n8n's credentials tester. */
function valueAt(source: unknown, dottedPath: string): unknown {
	let cursor = source;
	for (const key of dottedPath.split('.')) {
		if (typeof cursor !== 'object' || cursor === null) return undefined;
		cursor = (cursor as IDataObject)[key];
	}
	return cursor;
}

/**
 * Runs the credential's test the way n8n's credentials tester does: its `request` as the routing of
 * a throw-away node, executed by n8n-core's routing node with the decrypted credential handed to it
 * (so, as in n8n, no node asks for the credential, which the credential type restricts to this
 * package's nodes); then its `responseSuccessBody` rules on the answer. `failure` is the message a
 * rule gave.
 */
export async function testCredential(credentials: ICredentialDataDecryptedObject) {
	const test = getCredentialType().test;
	if (!test) throw new Error('The credential has no test request');
	const testNode: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: OUTREACH_CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: test.request },
				},
			],
		},
		async execute(this: IExecuteFunctions) {
			const decrypted = {
				id: 'test',
				name: 'test',
				type: OUTREACH_CREDENTIAL_TYPE,
				data: credentials,
			};
			return (await new RoutingNode(this as never, testNode, decrypted).runNode()) ?? [];
		},
	};
	nodeTypes.register(CREDENTIAL_TEST_NODE_TYPE, testNode);
	const result = await runWorkflow(
		{
			nodes: [
				{
					id: 'cred-test',
					name: 'Credential Test',
					type: CREDENTIAL_TEST_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
					credentials: OUTREACH_CREDENTIALS,
				},
			],
			connections: {},
		},
		{ [OUTREACH_CREDENTIAL_TYPE]: credentials },
	);
	let failure: string | undefined;
	if (!result.error) {
		const answer = result.output('Credential Test')[0]?.json;
		for (const rule of test.rules ?? []) {
			if (rule.type !== 'responseSuccessBody') continue;
			if (valueAt(answer, rule.properties.key) === rule.properties.value) {
				failure = rule.properties.message;
				break;
			}
		}
	}
	return { ...result, failure };
}

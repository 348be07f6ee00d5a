import {
	NodeConnectionTypes,
	type ICredentialDataDecryptedObject,
	type INodeType,
} from 'n8n-workflow';

import { getCredentialType, nodeTypes, OUTREACH_CREDENTIAL_TYPE, runWorkflow } from './engine';

const CREDENTIAL_TEST_NODE_TYPE = 'test.credentialTest';

/**
 * Runs the credential's `test.request` the way n8n's credentials tester does: as the request defaults
 * of a throw-away declarative node that uses the credential, executed by the routing engine.
 */
export async function testCredential(credentials: ICredentialDataDecryptedObject) {
	const request = getCredentialType().test?.request;
	if (!request) throw new Error('The credential has no test request');
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
			requestDefaults: request,
			properties: [],
		},
	};
	nodeTypes.register(CREDENTIAL_TEST_NODE_TYPE, testNode);
	return await runWorkflow(
		{
			nodes: [
				{
					id: 'cred-test',
					name: 'Credential Test',
					type: CREDENTIAL_TEST_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
					credentials: { [OUTREACH_CREDENTIAL_TYPE]: { id: 'cred-1', name: 'Outreach sandbox' } },
				},
			],
			connections: {},
		},
		{ [OUTREACH_CREDENTIAL_TYPE]: credentials },
	);
}

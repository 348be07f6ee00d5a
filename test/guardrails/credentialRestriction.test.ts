// The Outreach API credential works only in this package's nodes: n8n's HTTP Request node (and its
// AI-tool form), taken from the same n8n release as the engine, cannot use it to reach the service.
// n8n 2.24 and later do not let it use the credential before anything is sent; on older releases the
// credential type has no `authenticate`, so the HTTP Request node sends none of its token.
import path from 'node:path';

import { ExecuteContext } from 'n8n-core';
import { NodeHelpers, type INodeType, type IVersionedNodeType } from 'n8n-workflow';

import { runAsAgentTool } from '../../support/engine/agent';
import { nodeTypes, runAfterInputItems } from '../../support/engine/engine';
import { json, listPage } from '../../support/hostile/server';
import { HOSTILE_TOKEN, requestsWithToken, useHostile } from '../hostile/useHostile';

const { service, credentials } = useHostile();

/** The engine's own n8n release, where it has one (`npm test` runs the suites on release engines too). */
const releaseModules = process.env.OUTREACH_ENGINE_MODULES;

/** Whether this engine asks before handing a node a credential (n8n-core of n8n 2.24 and later). */
const restrictsOtherNodes =
	typeof (ExecuteContext.prototype as unknown as { assertCredentialUsableByNode?: unknown })
		.assertCredentialUsableByNode === 'function';

const HTTP_REQUEST_TYPE = 'n8n-nodes-base.httpRequest';
const HTTP_REQUEST_TOOL_TYPE = 'n8n-nodes-base.httpRequestTool';

/** n8n's HTTP Request node and its tool form, from the engine's release, registered beside ours. */
function registerHttpRequestNode(modules: string): void {
	const file = path.join(modules, 'n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js');
	const { HttpRequest } = jest.requireActual<{ HttpRequest: new () => IVersionedNodeType }>(file);
	const versioned = new HttpRequest();
	nodeTypes.register(HTTP_REQUEST_TYPE, versioned as unknown as INodeType);
	const latest = NodeHelpers.getVersionedNodeType(versioned);
	nodeTypes.register(HTTP_REQUEST_TOOL_TYPE, {
		description: {
			...latest.description,
			name: 'httpRequestTool',
			version: 1,
			inputs: [],
			outputs: ['ai_tool'],
		},
		execute: latest.execute,
	} as INodeType);
}

/** A Make Call to a UK number, as a builder would send it with the HTTP Request node. */
const makeCallByHand = () => ({
	method: 'POST',
	url: `${service.url}/v2/_voicecalls/agent-7/makeCall`,
	authentication: 'predefinedCredentialType',
	nodeCredentialType: 'outreachApi',
	sendBody: true,
	specifyBody: 'json',
	jsonBody: '{"agent_id": "agent-7", "phone_number": "+447700900123"}',
	options: {},
});

const describeWithRelease = releaseModules ? describe : describe.skip;

describeWithRelease("n8n's HTTP Request node with the Outreach API credential", () => {
	beforeAll(() => registerHttpRequestNode(releaseModules as string));

	it(
		restrictsOtherNodes
			? 'may not use the credential, and nothing is sent'
			: 'cannot send its token: a request that goes out carries none',
		async () => {
			const { error, items } = await runAfterInputItems(
				{
					name: 'HTTP Request',
					type: HTTP_REQUEST_TYPE,
					typeVersion: 4.2,
					parameters: makeCallByHand(),
				},
				[{ json: {} }],
				{ ...credentials(), allowedDestinations: '+1' },
			);

			if (restrictsOtherNodes) {
				expect(error?.message).toBe(
					'Credential type "outreachApi" is restricted to specific nodes',
				);
				expect(service.requests).toHaveLength(0);
			} else {
				expect(items.length + (error ? 1 : 0)).toBeGreaterThan(0);
				for (const request of service.requests)
					expect(JSON.stringify(request.headers)).not.toContain(HOSTILE_TOKEN);
			}
		},
	);

	it(
		restrictsOtherNodes
			? 'in its AI-tool form, may not use the credential, and nothing is sent'
			: 'in its AI-tool form, cannot send its token either',
		async () => {
			const { answers } = await runAsAgentTool(
				makeCallByHand(),
				[{}],
				{ ...credentials(), allowedDestinations: '+1' },
				{ toolType: HTTP_REQUEST_TOOL_TYPE },
			);

			if (restrictsOtherNodes) {
				expect(String(answers[0].error)).toContain(
					'Credential type "outreachApi" is restricted to specific nodes',
				);
				expect(service.requests).toHaveLength(0);
			} else {
				for (const request of service.requests)
					expect(JSON.stringify(request.headers)).not.toContain(HOSTILE_TOKEN);
			}
		},
	);
});

it("the Outreach node's AI-tool form keeps the credential, and sends its token", async () => {
	service.respondWith((_request, response) => json(response, 200, listPage([{ id: 'cus_1' }])));
	const { answers } = await runAsAgentTool(
		{ resource: 'customer', operation: 'getAll', limit: 1 },
		[{}],
		credentials(),
	);
	expect(answers[0].error).toBeUndefined();
	expect(requestsWithToken(service)).toHaveLength(1);
});

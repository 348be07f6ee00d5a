import {
	NodeConnectionTypes,
	type ICredentialDataDecryptedObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import {
	getNodeType,
	nodeTypes,
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_CREDENTIALS,
	OUTREACH_NODE_TYPE,
	runWorkflow,
} from './engine';
import { inputItemsNode } from './input-node';

export const OUTREACH_TOOL_TYPE = `${OUTREACH_NODE_TYPE}Tool`;
const AGENT_NODE_TYPE = 'test.toolCallingAgent';

/**
 * The Outreach node as n8n offers it to an AI agent: n8n's NodeTypes serves a node type ending in
 * "Tool" as the node itself with an `ai_tool` output and the node's own execute.
 */
function outreachToolType(): INodeType {
	const nodeType = getNodeType();
	const description: INodeTypeDescription = {
		...nodeType.description,
		name: `${nodeType.description.name}Tool`,
		displayName: `${nodeType.description.displayName} Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	return {
		description,
		methods: nodeType.methods,
		execute: nodeType.execute,
	};
}

/**
 * A failed invocation as n8n-core up to 1.119 hands it to the agent: an answer carrying the error's
 * text, where later releases throw the error.
 */
const FAILED_INVOCATION = /^Error during node execution ?:/;

interface ToolLike {
	invoke(args: object): Promise<unknown>;
}

/**
 * Stands in for n8n's AI Agent without a chat model: it takes its tools from n8n-core exactly as the
 * agent does (getInputConnectionData, which wraps each tool node with n8n's own tool invocation),
 * then invokes the first tool with each of the arguments it is given, in turn, as a model looping on
 * one tool would. Each invocation's answer, or the error text the model would read, is an output item.
 */
class ToolCallingAgent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tool Calling Agent',
		name: 'toolCallingAgent',
		group: ['transform'],
		version: 1,
		description: 'Invokes its tool with each set of arguments',
		defaults: { name: 'Agent' },
		inputs: [
			NodeConnectionTypes.Main,
			{ type: NodeConnectionTypes.AiTool, displayName: 'Tool', required: true },
		],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Invocations', name: 'invocations', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const tools = (await this.getInputConnectionData(NodeConnectionTypes.AiTool, 0)) as ToolLike[];
		const invocations = this.getNodeParameter('invocations', 0, [], {
			rawExpressions: true,
		}) as unknown as object[];
		const output: INodeExecutionData[] = [];
		for (const args of invocations) {
			try {
				const answer = String(await tools[0].invoke(args));
				output.push({ json: FAILED_INVOCATION.test(answer) ? { error: answer } : { answer } });
			} catch (error) {
				output.push({ json: { error: (error as Error).message } });
			}
		}
		return [output];
	}
}

let registered = false;
function registerAgentTypes() {
	if (registered) return;
	registered = true;
	nodeTypes.register(OUTREACH_TOOL_TYPE, outreachToolType());
	nodeTypes.register(AGENT_NODE_TYPE, new ToolCallingAgent());
}

/**
 * Runs one execution of "Input Items → Agent" with the Outreach node, given `parameters` (their
 * `$fromAI()` placeholders filled from each invocation's arguments), as the agent's tool.
 */
export async function runAsAgentTool(
	parameters: INodeParameters,
	invocations: object[],
	credentials: ICredentialDataDecryptedObject,
	{
		retryOnFail,
		toolType = OUTREACH_TOOL_TYPE,
		timezone,
	}: {
		/** The tool node's Retry On Fail, which n8n applies to each tool invocation. */
		retryOnFail?: { maxTries: number; waitBetweenTries: number };
		/** The tool's node type: the Outreach node's tool form unless another is registered and named. */
		toolType?: string;
		/** The workflow's time zone: n8n's default unless given. */
		timezone?: string;
	} = {},
) {
	registerAgentTypes();
	const result = await runWorkflow(
		{
			nodes: [
				inputItemsNode([{ json: {} }]),
				{
					id: 'agent',
					name: 'Agent',
					type: AGENT_NODE_TYPE,
					typeVersion: 1,
					position: [200, 0],
					parameters: { invocations: invocations as unknown as INodeParameters[] },
				},
				{
					id: 'tool',
					name: 'Outreach',
					type: toolType,
					typeVersion: 1,
					position: [200, 200],
					parameters,
					credentials: OUTREACH_CREDENTIALS,
					...(retryOnFail ? { retryOnFail: true, ...retryOnFail } : {}),
				},
			],
			connections: {
				'Input Items': { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
				Outreach: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
			},
			timezone,
		},
		{ [OUTREACH_CREDENTIAL_TYPE]: credentials },
	);
	return { ...result, answers: result.output('Agent').map((item) => item.json) };
}

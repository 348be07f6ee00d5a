import { Container } from '@n8n/di';
import { LoadOptionsContext, PollContext } from 'n8n-core';
import { TriggersAndPollers } from 'n8n-core/dist/execution-engine/triggers-and-pollers';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
} from 'n8n-workflow';

import {
	createAdditionalData,
	nodeTypes,
	OUTREACH_CREDENTIAL_TYPE,
	OUTREACH_CREDENTIALS,
	OUTREACH_NODE_TYPE,
} from './engine';

const OUTREACH_TRIGGER_TYPE = OUTREACH_NODE_TYPE.replace(/\.outreach$/, '.outreachTrigger');

function singleNodeWorkflow(node: INode, staticData?: IDataObject) {
	return new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: true,
		staticData: staticData ? (JSON.parse(JSON.stringify(staticData)) as IDataObject) : undefined,
	});
}

function nodeOf(type: string, parameters: INodeParameters): INode {
	return {
		id: 'node-1',
		name: 'Node',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: OUTREACH_CREDENTIALS,
	};
}

type RunPoll = TriggersAndPollers['runPoll'];

/** n8n's own poll runner: `runPoll` in n8n-core 1.x, `runPollFunction` in 2.x. */
async function runPoll(...args: Parameters<RunPoll>): ReturnType<RunPoll> {
	const pollers = Container.get(TriggersAndPollers) as TriggersAndPollers & {
		runPollFunction?: RunPoll;
	};
	return await (pollers.runPollFunction ?? pollers.runPoll).apply(pollers, args);
}

interface PollResult {
	items: INodeExecutionData[];
	/** The workflow static data as n8n would save it after this poll. */
	staticData: IDataObject;
}

/**
 * One poll of a polling trigger as n8n runs it for an active workflow: a PollContext handed to
 * n8n's TriggersAndPollers, with the static data saved by the previous poll.
 */
export async function pollOnce(
	parameters: INodeParameters,
	options: {
		credentials: ICredentialDataDecryptedObject;
		staticData?: IDataObject;
		mode?: 'trigger' | 'manual';
	},
): Promise<PollResult> {
	const node = nodeOf(OUTREACH_TRIGGER_TYPE, parameters);
	const workflow = singleNodeWorkflow(node, options.staticData);
	const additionalData = createAdditionalData({ [OUTREACH_CREDENTIAL_TYPE]: options.credentials });
	const mode = options.mode ?? 'trigger';
	const context = new PollContext(
		workflow,
		node,
		additionalData,
		mode,
		mode === 'manual' ? 'manual' : 'activate',
	);
	const output = await runPoll(workflow, node, context);
	const staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	delete staticData.__dataChanged;
	return { items: output?.[0] ?? [], staticData };
}

function loadOptionsContext(
	parameters: INodeParameters,
	credentials: ICredentialDataDecryptedObject,
	path: string,
) {
	const node = nodeOf(OUTREACH_NODE_TYPE, parameters);
	const workflow = singleNodeWorkflow(node);
	const additionalData = createAdditionalData({ [OUTREACH_CREDENTIAL_TYPE]: credentials });
	additionalData.currentNodeParameters = parameters;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

/** A resource locator's "From List" search, called the way n8n's editor backend calls it. */
export async function searchList(
	methodName: string,
	options: {
		parameters: INodeParameters;
		path: string;
		credentials: ICredentialDataDecryptedObject;
		filter?: string;
		paginationToken?: string;
	},
): Promise<INodeListSearchResult> {
	const method =
		nodeTypes.getByNameAndVersion(OUTREACH_NODE_TYPE).methods?.listSearch?.[methodName];
	if (!method) throw new Error(`No list search ${methodName}`);
	const context = loadOptionsContext(options.parameters, options.credentials, options.path);
	return await method.call(context, options.filter, options.paginationToken);
}

/** A dynamic options list (loadOptionsMethod), called the way n8n's editor backend calls it. */
export async function loadOptions(
	methodName: string,
	options: {
		parameters: INodeParameters;
		path: string;
		credentials: ICredentialDataDecryptedObject;
	},
): Promise<INodePropertyOptions[]> {
	const method =
		nodeTypes.getByNameAndVersion(OUTREACH_NODE_TYPE).methods?.loadOptions?.[methodName];
	if (!method) throw new Error(`No load options method ${methodName}`);
	return await method.call(
		loadOptionsContext(options.parameters, options.credentials, options.path),
	);
}

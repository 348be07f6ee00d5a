import { Container } from '@n8n/di';
import {
	DataDeduplicationService,
	ExecutionLifecycleHooks,
	PackageDirectoryLoader,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import {
	NodeHelpers,
	Workflow,
	createRunExecutionData,
	type IDataObject,
	type IExecuteFunctions,
	type IPinData,
	type ExecutionError,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IConnections,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type IWorkflowIssues,
} from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';

import { OUTREACH_CREDENTIAL_TYPE, OUTREACH_CREDENTIALS } from '../credential';
import { PACKAGE_ROOT } from '../repo';
import { TestCredentialsHelper } from './credentials-helper';
import { ProcessedDataStore } from './deduplication';
import { INPUT_NODE_TYPE, InputItems, inputItemsNode } from './input-node';

export { OUTREACH_CREDENTIAL_TYPE, OUTREACH_CREDENTIALS, PACKAGE_ROOT };

/**
 * The expression evaluator n8n's CLI sets when it starts (`N8N_EXPRESSION_EVALUATOR`, `tournament` by
 * default). n8n-workflow 1.86 and older (n8n 1.88 and older) start with `tmpl` otherwise, which fails
 * on an arrow function ("invalid syntax"); later releases have only tournament, and no such switch.
 */
const expressionEvaluator = (
	n8nWorkflow as unknown as {
		ExpressionEvaluatorProxy?: { setEvaluator?: (type: 'tmpl' | 'tournament') => void };
	}
).ExpressionEvaluatorProxy;
expressionEvaluator?.setEvaluator?.('tournament');
/**
 * n8n's deduplication store, as n8n's CLI sets it up at start: a stand-in over memory, one per
 * process (n8n-core allows one), that a test can look into and clear.
 */
export const processedData = new ProcessedDataStore();
void DataDeduplicationService.init(processedData);

/** Loads the built package with n8n-core's own loader, as n8n loads a community package. */
const packageLoader = new PackageDirectoryLoader(PACKAGE_ROOT);
packageLoader.loadAll();

export const OUTREACH_NODE_TYPE = `${packageLoader.packageName}.outreach`;

const credentialTypes = new Map<string, ICredentialType>(
	Object.entries(packageLoader.credentialTypes).map(([name, { type }]) => [name, type]),
);

/**
 * The node types each of the package's credential types supports, as n8n names them: the nodes that
 * declare it (as the loader infers them), under the package's name, and each one's AI-tool form.
 */
const supportedNodes = new Map<string, string[]>(
	[...credentialTypes].map(([name, type]) => {
		const nodes = (
			packageLoader.known.credentials[name]?.supportedNodes ??
			type.supportedNodes ??
			[]
		)
			.filter((node) => !node.endsWith('Tool'))
			.map((node) => `${packageLoader.packageName}.${node}`);
		return [name, nodes.flatMap((node) => [node, `${node}Tool`])];
	}),
);
/** Node types of the test workflows themselves, beside the package's own. */
const testNodeTypes = new Map<string, INodeType>([[INPUT_NODE_TYPE, new InputItems()]]);

/**
 * Whether n8n's CLI gives a node type an `execute` that runs n8n-core's routing node: a declarative
 * node (one with `requestDefaults`) that has no `execute`, `supplyData`, `poll` or `trigger` of its
 * own. n8n 2.x and late 1.x releases apply this rule when they load a node type (README:
 * Compatibility); n8n-core's own test-only path for declarative nodes passes no cancel signal, so
 * the harness never takes it.
 */
function runsThroughRoutingNode(nodeType: INodeType): boolean {
	return (
		nodeType.description.requestDefaults !== undefined &&
		!nodeType.execute &&
		!nodeType.supplyData &&
		!nodeType.poll &&
		!nodeType.trigger
	);
}

/** How a run of a node ended: the items it returned, or the error it threw. */
export interface NodeEnd {
	at: number;
	items?: INodeExecutionData[];
	error?: unknown;
}
type NodeEndedListener = (executionId: string | undefined, nodeName: string, end: NodeEnd) => void;
const nodeEndedListeners = new Set<NodeEndedListener>();

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[][] | null>;

/**
 * A node type's `execute`, telling the harness's listeners when a run of the node ended, so that a
 * test of Stop can tell how long the node went on.
 */
function toldWhenEnded(execute: Execute): Execute {
	return async function (this: IExecuteFunctions) {
		const tell = (end: Omit<NodeEnd, 'at'>) => {
			for (const listener of nodeEndedListeners)
				listener(this.getExecutionId(), this.getNode().name, { at: Date.now(), ...end });
		};
		try {
			const data = (await execute.call(this)) ?? [];
			tell({ items: data[0] });
			return data;
		} catch (error) {
			tell({ error });
			throw error;
		}
	};
}

/**
 * The `execute` n8n's CLI assigns to a declarative node type (an earlier release of this package,
 * measured beside this one): the routing node over the execution's own context, cancel signal included.
 */
function routingExecute(nodeType: INodeType): Execute {
	return async function (this: IExecuteFunctions) {
		return (await new RoutingNode(this as never, nodeType).runNode()) ?? [];
	};
}

const told = new WeakSet<INodeType>();

/** The execute n8n runs for a node type, as n8n's CLI gives it, telling when a run ended. */
export function executeOf(nodeType: INodeType): Execute | undefined {
	if (runsThroughRoutingNode(nodeType)) return toldWhenEnded(routingExecute(nodeType));
	return nodeType.execute && toldWhenEnded(nodeType.execute as Execute);
}

export const nodeTypes: INodeTypes & { register(type: string, nodeType: INodeType): void } = {
	register(type, nodeType) {
		testNodeTypes.set(type, nodeType);
	},
	getByName(type: string): INodeType | IVersionedNodeType {
		const testNodeType = testNodeTypes.get(type);
		if (testNodeType) return testNodeType;
		// The loader takes the node name without the package prefix.
		return packageLoader.getNode(type.slice(packageLoader.packageName.length + 1)).type;
	},
	getByNameAndVersion(type: string, version?: number): INodeType {
		const nodeType = NodeHelpers.getVersionedNodeType(this.getByName(type), version);
		// As n8n's CLI does for a declarative node, once, on the loaded node type itself.
		if (!told.has(nodeType) && (nodeType.execute || runsThroughRoutingNode(nodeType))) {
			told.add(nodeType);
			nodeType.execute = executeOf(nodeType);
		}
		return nodeType;
	},
	getKnownTypes() {
		return packageLoader.known.nodes;
	},
};

/**
 * Registers another copy of the package's node as `type`: another n8n process's copy of it, which may
 * use the package's credentials as the package's own node does.
 */
export function registerPackageNode(type: string, nodeType: INodeType): void {
	nodeTypes.register(type, nodeType);
	for (const nodes of supportedNodes.values()) nodes.push(type);
}

export function getNodeType(type = OUTREACH_NODE_TYPE): INodeType {
	return nodeTypes.getByNameAndVersion(type);
}

export function getCredentialType(name = OUTREACH_CREDENTIAL_TYPE): ICredentialType {
	const credentialType = credentialTypes.get(name);
	if (!credentialType) throw new Error(`Unknown credential type ${name}`);
	return credentialType;
}

interface WorkflowDefinition {
	/**
	 * The saved workflow's ID: executions of one workflow share what n8n keeps for it (its
	 * deduplication store). A new one for each run unless given; empty for a workflow never saved.
	 */
	id?: string;
	nodes: INode[];
	connections: IConnections;
	staticData?: IDataObject;
	timezone?: string;
	/** Output to use instead of running a node, as n8n does for pinned data. */
	pinData?: IPinData;
	/** The run data to go on from (n8n's Retry of a failed execution) instead of the first node. */
	resume?: IRunExecutionData;
}

interface WorkflowResult {
	run: IRun | undefined;
	/** Parameter issues that kept n8n from starting the workflow. */
	issues: IWorkflowIssues | null;
	/** The items each node output on its first output, by node name. */
	output(nodeName: string): INodeExecutionData[];
	/** The error that stopped the workflow, if any. */
	error: ExecutionError | undefined;
}

/** Node types that authenticate with another definition of their credential type. */
const credentialDefinitionsOfNodes = new Map<string, ICredentialType>();

/**
 * Makes nodes of `nodeType` authenticate with `definition` of their credential type: an earlier
 * release of the package, measured beside this one, brings its own.
 */
export function useCredentialDefinition(nodeType: string, definition: ICredentialType): void {
	credentialDefinitionsOfNodes.set(nodeType, definition);
}

export function createAdditionalData(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	hooks?: ExecutionLifecycleHooks,
	executionId?: string,
): IWorkflowExecuteAdditionalData {
	const unsupported = (what: string) => async () => {
		throw new Error(`${what} is not available in the test engine`);
	};
	return {
		credentialsHelper: new TestCredentialsHelper(
			credentialTypes,
			credentials,
			credentialDefinitionsOfNodes,
			supportedNodes,
		),
		hooks,
		executionId,
		executeWorkflow: unsupported('executeWorkflow'),
		getRunExecutionData: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		variables: {},
		logAiEvent: () => undefined,
		startRunnerTask: unsupported('startRunnerTask'),
	} as unknown as IWorkflowExecuteAdditionalData;
}

let executions = 0;

/** A workflow execution under way, as n8n holds one: it can be stopped as the editor's Stop does. */
export interface RunningWorkflow {
	executionId: string;
	/** n8n's Stop: cancels the execution, which aborts its cancel signal. */
	stop(): void;
	/** How the first run of the named node ended, once it has (after Stop too). */
	nodeEnded(nodeName: string): Promise<NodeEnd>;
	result: Promise<WorkflowResult>;
}

/** The run data of an execution that starts at `startNode`, as n8n creates it. */
function startingRunExecutionData(startNode: INode, pinData?: IPinData): IRunExecutionData {
	const nodeExecutionStack = [{ node: startNode, data: { main: [[{ json: {} }]] }, source: null }];
	// n8n-workflow 1.117 and older (n8n 1.120 and older) have no such factory: the object by hand.
	if (typeof createRunExecutionData === 'function')
		return createRunExecutionData({
			resultData: { pinData },
			executionData: { nodeExecutionStack },
		});
	return {
		startData: {},
		resultData: { runData: {}, pinData },
		executionData: {
			contextData: {},
			nodeExecutionStack,
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
}

/**
 * The run data n8n's Retry of a failed execution starts from (execution.service.ts): the execution's
 * data as n8n saved it (as JSON), without its error and without the failed node's last run, so that
 * the node on top of its execution stack, the one that failed, runs again with all its input items.
 */
export function retryData(failed: IRun): IRunExecutionData {
	const data = JSON.parse(JSON.stringify(failed.data)) as IRunExecutionData;
	delete data.resultData.error;
	const last = data.resultData.lastNodeExecuted;
	const runs = last ? data.resultData.runData[last] : undefined;
	if (runs?.at(-1)?.error) runs.pop();
	return data;
}

/** Runs a whole workflow through n8n-core's WorkflowExecute, starting at its first node. */
export async function runWorkflow(
	definition: WorkflowDefinition,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): Promise<WorkflowResult> {
	return await startWorkflow(definition, credentials).result;
}

/** Starts a whole workflow through n8n-core's WorkflowExecute, starting at its first node. */
export function startWorkflow(
	definition: WorkflowDefinition,
	credentials: Record<string, ICredentialDataDecryptedObject>,
): RunningWorkflow {
	const id = definition.id ?? `test-workflow-${executions + 1}`;
	const workflow = new Workflow({
		id,
		nodes: definition.nodes,
		connections: definition.connections,
		nodeTypes,
		active: false,
		staticData: definition.staticData,
		settings: {
			executionOrder: 'v1',
			...(definition.timezone ? { timezone: definition.timezone } : {}),
		},
	});
	// Each run is an execution of its own, with its own ID, as in n8n.
	const executionId = `test-execution-${++executions}`;
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id,
		name: 'test',
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: definition.nodes,
		connections: definition.connections,
	});
	let finish: (run: IRun) => void = () => undefined;
	const finished = new Promise<IRun>((resolve) => (finish = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finish(run));

	const ended = new Map<string, NodeEnd>();
	const endWaiters = new Map<string, Array<(end: NodeEnd) => void>>();
	const onNodeEnded: NodeEndedListener = (id, nodeName, end) => {
		if (id !== executionId || ended.has(nodeName)) return;
		ended.set(nodeName, end);
		for (const resolve of endWaiters.get(nodeName)?.splice(0) ?? []) resolve(end);
	};
	nodeEndedListeners.add(onNodeEnded);

	// The start node is the one nothing leads into (the trigger), as when a user runs the workflow.
	const targets = new Set(
		Object.values(definition.connections).flatMap((outputs) =>
			Object.values(outputs).flatMap((byIndex) =>
				byIndex.flatMap((list) => (list ?? []).map((connection) => connection.node)),
			),
		),
	);
	const startNode = definition.nodes.find((node) => !targets.has(node.name)) ?? definition.nodes[0];
	const runExecutionData =
		definition.resume ?? startingRunExecutionData(startNode, definition.pinData);
	const workflowExecute = new WorkflowExecute(
		createAdditionalData(credentials, hooks, executionId),
		'manual',
		runExecutionData,
	);
	let execution: ReturnType<WorkflowExecute['processRunExecutionData']> | undefined;
	const result = (async (): Promise<WorkflowResult> => {
		try {
			execution = workflowExecute.processRunExecutionData(workflow);
			await execution;
		} catch (error) {
			// n8n refuses to start a workflow whose nodes have issues (e.g. a required field left empty),
			// as the editor does; report which parameters it objected to.
			const issues = workflowExecute.checkReadyForExecution(workflow, {
				startNode: startNode.name,
			});
			return { run: undefined, error: error as ExecutionError, issues, output: () => [] };
		}
		const run = await finished;
		return {
			run,
			issues: null,
			error: run.data.resultData.error,
			output(nodeName) {
				const task = run.data.resultData.runData[nodeName]?.[0];
				return (task?.data?.main?.[0] ?? []) as INodeExecutionData[];
			},
		};
	})();
	// n8n ends a stopped execution at once, while its nodes may still run: their listener stays.
	let stopped = false;
	void result.finally(() => {
		if (!stopped) nodeEndedListeners.delete(onNodeEnded);
	});
	return {
		executionId,
		result,
		stop() {
			stopped = true;
			execution?.cancel();
		},
		async nodeEnded(nodeName) {
			const end = ended.get(nodeName);
			if (end) return end;
			return await new Promise<NodeEnd>((resolve) => {
				endWaiters.set(nodeName, [...(endWaiters.get(nodeName) ?? []), resolve]);
			});
		},
	};
}

interface OutreachRunOptions {
	items?: INodeExecutionData[];
	credentials: ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	/** n8n's Retry On Fail: the node runs again, with all its items, up to `maxTries` times. */
	retryOnFail?: { maxTries: number; waitBetweenTries: number };
	/** The workflow's time zone setting. */
	timezone?: string;
	/** Another node type in the Outreach node's place (an earlier release, measured beside this one). */
	nodeType?: string;
	/** The saved workflow's ID (see WorkflowDefinition.id). */
	workflowId?: string;
	/** The run data of a failed execution to retry, as n8n's Retry does (see retryData). */
	resume?: IRunExecutionData;
}

const OUTREACH_NODE_NAME = 'Outreach';

/** The node under test in "Input Items → node": the input node's items are its input. */
type NodeAfterInput = Pick<INode, 'name' | 'type' | 'typeVersion' | 'parameters'> &
	Partial<Pick<INode, 'onError' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'executeOnce'>>;

/** "Input Items → node", the node holding the Outreach credential. */
function afterInputItems(
	node: NodeAfterInput,
	items: INodeExecutionData[],
	timezone?: string,
): WorkflowDefinition {
	return {
		nodes: [
			inputItemsNode(items),
			{ id: 'tested', position: [200, 0], credentials: OUTREACH_CREDENTIALS, ...node },
		],
		connections: { 'Input Items': { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		timezone,
	};
}

/** Runs "Input Items → node" and returns the run with the node's output items. */
export async function runAfterInputItems(
	node: NodeAfterInput,
	items: INodeExecutionData[],
	credentials: ICredentialDataDecryptedObject,
	timezone?: string,
) {
	const result = await runWorkflow(afterInputItems(node, items, timezone), {
		[OUTREACH_CREDENTIAL_TYPE]: credentials,
	});
	return { ...result, items: result.output(node.name) };
}

function outreachNode(parameters: INodeParameters, options: OutreachRunOptions): NodeAfterInput {
	return {
		name: OUTREACH_NODE_NAME,
		type: options.nodeType ?? OUTREACH_NODE_TYPE,
		typeVersion: 1,
		parameters,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.retryOnFail ? { retryOnFail: true, ...options.retryOnFail } : {}),
	};
}

/** Runs "Input Items → Outreach" with the given node parameters. */
export async function runOutreach(parameters: INodeParameters, options: OutreachRunOptions) {
	const result = await startOutreach(parameters, options).result;
	return { ...result, items: result.output(OUTREACH_NODE_NAME) };
}

/** Starts "Input Items → Outreach", for a test that stops it or watches it while it runs. */
export function startOutreach(
	parameters: INodeParameters,
	options: OutreachRunOptions,
): RunningWorkflow {
	return startWorkflow(
		{
			...afterInputItems(
				outreachNode(parameters, options),
				options.items ?? [{ json: {} }],
				options.timezone,
			),
			id: options.workflowId,
			resume: options.resume,
		},
		{ [OUTREACH_CREDENTIAL_TYPE]: options.credentials },
	);
}

/**
 * Stops what n8n-core keeps running once loaded (its SSH client manager's cleanup interval), as n8n
 * does on shutdown; without it a process that ran the engine never exits.
 */
export function shutdownEngine(): void {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
}

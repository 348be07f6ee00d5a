// Workflows saved before the node ran its own items open and run unchanged: n8n keeps a saved
// parameter only while the node still declares it, so every value of every operation's saved form,
// of the example workflows and of Settings → Request Options must survive n8n's reading of it.
import { NodeHelpers, type INodeParameters, type NodeParameterValueType } from 'n8n-workflow';

import { fixtureOperations, readFixture } from '../contract/wireFixtures';
import { getNodeType, OUTREACH_NODE_TYPE, runOutreach } from '../../support/engine/engine';
import { readExample } from '../../support/engine/examples';
import { useSandbox } from '../useSandbox';

const EXAMPLES = [
	'ai-agent-calls-customers.json',
	'call-within-calling-hours.json',
	'crm-lead-to-call.json',
	'documents-to-knowledge-base.json',
	'try-it-list-customers.json',
	'weekly-campaign.json',
];

/** Request Options as n8n offered them while the node was declarative, every one set. */
const requestOptions = {
	batching: { batch: { batchSize: 2, batchInterval: 10 } },
	allowUnauthorizedCerts: true,
	proxy: '',
	timeout: 20_000,
};

/** Every value of a saved form by its dotted path. */
function leaves(value: NodeParameterValueType, at = ''): Array<[string, unknown]> {
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		return Object.entries(value).flatMap(([key, entry]) =>
			leaves(entry as NodeParameterValueType, at ? `${at}.${key}` : key),
		);
	}
	return [[at, value]];
}

/**
 * n8n-workflow 1.83 and older (n8n 1.85 and older) take `onlySimpleTypes` where later ones take the
 * node type's description: (properties, values, returnDefaults, returnNoneDisplayed, node,
 * onlySimpleTypes = false, …), 5 parameters before the first default, against 7.
 */
const TAKES_DESCRIPTION = NodeHelpers.getNodeParameters.length >= 6;

/** The form as n8n reads it when it opens the workflow: parameters it does not know are dropped. */
function asOpened(parameters: INodeParameters): INodeParameters {
	const { description } = getNodeType();
	return (
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			{ typeVersion: 1 },
			TAKES_DESCRIPTION ? description : null,
		) ?? {}
	);
}

const saved: Array<[string, INodeParameters]> = [
	...fixtureOperations().flatMap((operation) =>
		Object.entries(readFixture(operation)).map(
			([name, { parameters }]): [string, INodeParameters] => [
				`${operation}: ${name}`,
				{ ...parameters, requestOptions },
			],
		),
	),
	...EXAMPLES.flatMap((file) =>
		readExample(file)
			.nodes.filter((node) => node.type === OUTREACH_NODE_TYPE)
			.map((node): [string, INodeParameters] => [`${file}: ${node.name}`, node.parameters]),
	),
];

describe('a workflow saved with the declarative node opens with every value it saved', () => {
	it.each(saved)('%s', (_name, parameters) => {
		expect(Object.fromEntries(leaves(asOpened(parameters)))).toMatchObject(
			Object.fromEntries(leaves(parameters)),
		);
	});

	it('covers every operation and the examples', () => {
		expect(saved.length).toBeGreaterThan(60);
	});
});

describe('Request Options saved with a workflow still do what they say', () => {
	const { credentials } = useSandbox({ seedCustomers: 5 });

	it('runs with every one set', async () => {
		const { error, items } = await runOutreach(
			{ resource: 'customer', operation: 'getAll', limit: 3, requestOptions },
			{ credentials: credentials(), items: [{ json: {} }, { json: {} }, { json: {} }] },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(9);
	});
});

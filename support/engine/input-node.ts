import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

export const INPUT_NODE_TYPE = 'test.inputItems';

/**
 * The workflow's first node in tests: emits the items given in its `items` parameter, as a trigger or
 * a CRM step would hand them to the Outreach node, whatever its own input.
 */
export class InputItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Input Items',
		name: 'inputItems',
		group: ['input'],
		version: 1,
		description: 'Emits the items it is given',
		defaults: { name: 'Input Items' },
		// An input, so that a workflow can hand a second batch on after the first; it is not read.
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// The items are data, as a webhook's payload is: text starting with "=" is not an expression here.
		const items = this.getNodeParameter('items', 0, [], {
			rawExpressions: true,
		}) as unknown as INodeExecutionData[];
		return [items.map((item, index) => ({ ...item, pairedItem: { item: index } }))];
	}
}

/** An Input Items node of a test workflow, emitting `items`. */
export function inputItemsNode(
	items: INodeExecutionData[],
	name = 'Input Items',
	position: [number, number] = [0, 0],
): INode {
	return {
		id: name,
		name,
		type: INPUT_NODE_TYPE,
		typeVersion: 1,
		position,
		parameters: { items: items as unknown as INodeParameters[] },
	};
}

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** One operation of a resource: its dropdown entry (with its routing) and its form fields. */
export interface Operation {
	option: INodePropertyOptions;
	fields: INodeProperties[];
}

/** A resource's Operation dropdown (entries sorted by name, as n8n lists them) and every field. */
export function resourceOperations(
	resource: string,
	defaultOperation: string,
	operations: Operation[],
): INodeProperties[] {
	const fields = operations.flatMap((operation) => operation.fields);
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: operations
				.map((operation) => operation.option)
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		// A field several operations share is one property (n8n evaluates each property once per item).
		...fields.filter((field, index) => fields.indexOf(field) === index),
	];
}

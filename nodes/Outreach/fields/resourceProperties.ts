import type { INodeProperties } from 'n8n-workflow';

import type { Field, Operation } from '../actions/operation';

export interface Resource {
	value: string;
	defaultOperation: string;
	operations: Operation[];
}

/** A field as n8n shows it, without what it sends. */
function formOf(field: Field): INodeProperties {
	const property: Field = { ...field };
	delete property.send;
	if (property.type !== 'collection' || !property.options) return property;
	return { ...property, options: (property.options as Field[]).map(formOf) };
}

/** A resource's Operation dropdown (sorted by name, as n8n lists them) and its fields, each once. */
export function resourceProperties({
	value,
	defaultOperation,
	operations,
}: Resource): INodeProperties[] {
	const fields = operations.flatMap((operation) => operation.fields);
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [value] } },
			options: operations.map(({ option }) => option).sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		...fields.filter((field, index) => fields.indexOf(field) === index).map(formOf),
	];
}

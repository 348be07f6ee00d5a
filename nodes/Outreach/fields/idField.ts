import type { INodeProperties } from 'n8n-workflow';

/** A required ID that fills a path placeholder; with `searchListMethod`, a "From List" too. */
export function idField(options: {
	name: string;
	displayName: string;
	description: string;
	show: Record<string, string[]>;
	placeholder?: string;
	searchListMethod?: string;
}): INodeProperties {
	const { name, displayName, description, show, placeholder, searchListMethod } = options;
	const input: Pick<INodeProperties, 'type' | 'default' | 'placeholder' | 'modes'> =
		searchListMethod
			? {
					type: 'resourceLocator',
					default: { mode: 'list', value: '' },
					modes: [
						{
							displayName: 'From List',
							name: 'list',
							type: 'list',
							placeholder: `Select a ${displayName.replace(/ ID$/, '').toLowerCase()}...`,
							typeOptions: { searchListMethod, searchable: true },
						},
						{ displayName: 'By ID', name: 'id', type: 'string', placeholder },
					],
				}
			: { type: 'string', default: '', placeholder };
	return { displayName, name, ...input, required: true, description, displayOptions: { show } };
}

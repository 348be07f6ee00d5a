import type { INodeProperties } from 'n8n-workflow';

/**
 * A required ID field that fills a path placeholder (it sends nothing itself: the operation's
 * request names it among its path IDs). With `searchListMethod` it offers a searchable "From List" beside "By ID".
 */
export function idField(options: {
	name: string;
	displayName: string;
	description: string;
	/** Where the field shows; one field may serve several operations of a resource. */
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

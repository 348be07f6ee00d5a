import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { DEFAULT_MAX_LIST_PAGES, MAX_ACTION_OPTIONS } from '../shared/constants';
import { recordId } from '../shared/validators';
import { accountOf, editorLane, readAllPages } from '../transport';

/** The actions list as options ("name (TYPE)"), sorted by name; only actions whose ID can be sent. */
export async function getActions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const actions = await readAllPages(
		await accountOf(this),
		{ url: '/v2/_actions' },
		{
			limit: MAX_ACTION_OPTIONS,
			maxPages: DEFAULT_MAX_LIST_PAGES,
			boundHint: 'Give the action IDs with an expression instead.',
			lane: editorLane(),
		},
	);
	return actions
		.flatMap((action) => {
			const id = recordId(action);
			if (id === undefined) return [];
			const name = typeof action.name === 'string' ? action.name : id;
			return [
				{ name: typeof action.type === 'string' ? `${name} (${action.type})` : name, value: id },
			];
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchAllRecords } from '../shared/transport';
import { recordId } from '../shared/validation';

/** At most this many pages of actions fill the multi-select (100 actions a page). */
const MAX_ACTION_PAGES = 20;

export async function getActions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const actions = await fetchAllRecords.call(this, '/v2/_actions', MAX_ACTION_PAGES);
	return actions
		.flatMap((action) => {
			const id = recordId(action);
			if (id === undefined) return [];
			const name = String(action.name ?? id);
			return [{ name: action.type ? `${name} (${String(action.type)})` : name, value: id }];
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

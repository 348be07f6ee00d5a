import type { Operation } from '../operation';

/** GET /v2/_actions (its query parameters are not shown; the same page/per_page as the other lists). */
export const getManyActions: Operation = {
	resource: 'action',
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many actions',
		description: 'List actions, page by page',
	},
	request: { method: 'GET', path: '/v2/_actions' },
	output: 'list',
	fields: [],
};

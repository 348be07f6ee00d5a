import type { Operation } from '../operation';

/** Its query parameters are not shown: the other lists' page and per_page. */
export const getManyActions: Operation = {
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

import type { Operation } from '../operation';

export const getManyCustomers: Operation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many customers',
		description: 'List customers, page by page',
	},
	request: { method: 'GET', path: '/v2/_customers' },
	output: 'list',
	fields: [],
};

import type { Operation } from '../operation';

export const getManyCampaigns: Operation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many campaigns',
		description: 'List campaigns, page by page',
	},
	request: { method: 'GET', path: '/v2/_campaigns' },
	output: 'list',
	fields: [],
};

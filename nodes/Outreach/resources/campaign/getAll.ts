import type { Operation } from '../../shared/operations';
import { request } from '../../shared/pathParameters';

/** GET /v2/_campaigns?page=&per_page= (Return All and Limit are shared by every list). */
export const getManyCampaigns: Operation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many campaigns',
		description: 'List campaigns, page by page',
		routing: request('GET', '/v2/_campaigns'),
	},
	fields: [],
};

import { listRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';

/** GET /v2/_campaigns?page=&per_page= (Return All and Limit are shared by every list). */
export const getManyCampaigns: Operation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many campaigns',
		description: 'List campaigns, page by page',
		routing: listRouting('/v2/_campaigns'),
	},
	fields: [],
};

import { listRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';

/** GET /v2/_customers?page=&per_page= (Return All and Limit are shared by every list). */
export const getManyCustomers: Operation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many customers',
		description: 'List customers, page by page',
		routing: listRouting('/v2/_customers'),
	},
	fields: [],
};

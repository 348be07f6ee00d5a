import { listRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';

/** GET /v2/_actions (its query parameters are not shown; the same page/per_page as the other lists). */
export const getManyActions: Operation = {
	option: {
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many actions',
		description: 'List actions, page by page',
		routing: listRouting('/v2/_actions'),
	},
	fields: [],
};

import type { Operation } from '../operation';
import { customerId } from './customerId';

export const deleteCustomer: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a customer',
		description: 'Delete one customer by ID',
	},
	request: {
		method: 'DELETE',
		path: '/v2/_customers/{customer_id}',
		ids: { customer_id: { field: customerId } },
	},
	write: {
		unknownOutcome: 'The customer may have been deleted: look for it with Customer → Get Many.',
	},
	fields: [customerId],
};

import { writeRouting } from '../../fields/routing';
import { type Operation } from '../../fields/operationList';
import { customerId } from './customerId';

/** DELETE /v2/_customers/{customer_id} */
export const deleteCustomer: Operation = {
	option: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete a customer',
		description: 'Delete one customer by ID',
		routing: writeRouting(
			'DELETE',
			'/v2/_customers/{customer_id}',
			'The customer may have been deleted: look for it with Customer → Get Many.',
			{ pathParameters: { customer_id: { field: customerId } } },
		),
	},
	fields: [customerId],
};

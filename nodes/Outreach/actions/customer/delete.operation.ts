import { deleteOne } from '../operation';
import { customerId } from './customerId';

export const deleteCustomer = deleteOne(
	'customer',
	'/v2/_customers/{customer_id}',
	customerId,
	'The customer may have been deleted: look for it with Customer → Get Many.',
);

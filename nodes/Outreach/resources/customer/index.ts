import { resourceOperations } from '../../fields/operationList';
import { deleteCustomer } from './delete';
import { getManyCustomers } from './getAll';

export const customerDescription = resourceOperations('customer', 'getAll', [
	deleteCustomer,
	getManyCustomers,
]);

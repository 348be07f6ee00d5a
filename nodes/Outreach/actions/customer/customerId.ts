import { idField } from '../../fields/idField';

export const customerId = idField({
	name: 'customerId',
	displayName: 'Customer ID',
	description: 'ID of the customer to delete',
	show: { resource: ['customer'], operation: ['delete'] },
	searchListMethod: 'searchCustomers',
	placeholder: 'e.g. cus_123',
});

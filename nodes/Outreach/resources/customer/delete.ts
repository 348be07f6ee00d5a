import type { INodeProperties } from 'n8n-workflow';

import { pathIdField } from '../../shared/descriptions';

export const deleteCustomerDescription: INodeProperties[] = [
	pathIdField({
		name: 'customerId',
		displayName: 'Customer ID',
		description: 'ID of the customer to delete',
		show: { resource: ['customer'], operation: ['delete'] },
		searchListMethod: 'searchCustomers',
		placeholder: 'e.g. cus_123',
		urlPrefix: '/v2/_customers/',
	}),
];

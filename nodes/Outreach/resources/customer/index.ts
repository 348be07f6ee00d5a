import type { INodeProperties } from 'n8n-workflow';

import { deleteCustomerDescription } from './delete';

export const customerDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customer'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a customer',
				description: 'Delete one customer by ID',
				routing: { request: { method: 'DELETE' } },
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many customers',
				description: 'List customers, page by page',
				routing: { request: { method: 'GET', url: '/v2/_customers' } },
			},
		],
		default: 'getAll',
	},
	...deleteCustomerDescription,
];

import { listSearch } from './searchRecords';

export const searchCustomers = listSearch(
	'/v2/_customers',
	(customer, id) =>
		[customer.name, customer.phone_number ?? customer.email]
			.filter((part) => part !== undefined && part !== null)
			.join(' · ') || id,
);

import { getMany } from '../operation';

export const getManyCustomers = getMany('customers', '/v2/_customers');

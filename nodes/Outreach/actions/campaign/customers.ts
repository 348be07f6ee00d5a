import type { IDataObject } from 'n8n-workflow';

import type { Field, ItemForm } from '../operation';
import { bodyField } from '../../fields/bodyFields';
import { setAtPath } from '../../shared/objectPaths';
import { E164_HINT } from '../../shared/validators';
import {
	checkCustomersJson,
	CUSTOMER_KEYS,
	customerKeysText,
	customerProblem,
} from './customerRules';
import { show } from './touchpoint';

/** Where the body holds the customers, typed as rows or a JSON array from an expression. */
export const CUSTOMER_LIST = 'touchpoint.customer_details';

const showWhenCustomersFrom = (source: string) => ({ ...show, customerSource: [source] });

function sendCustomerRows(body: IDataObject, form: ItemForm, path: string): void {
	const rows = form.value(`${path}.customer`, []) as Array<{ id?: string; toNumber?: string }>;
	const customers = rows.map((row, index) => {
		const label = `Customer Rows (row ${index + 1})`;
		const id = String(row.id ?? '').trim();
		const toNumber = String(row.toNumber ?? '').trim();
		const problem = customerProblem(id, toNumber);
		if (problem?.field === 'id' || !toNumber) {
			throw form.error(label, 'needs both a Customer ID and a To Number');
		}
		if (problem) throw form.error(label, problem.problem, E164_HINT);
		return { id, to_number: toNumber };
	});
	const problem = setAtPath(body, CUSTOMER_LIST, customers);
	if (problem) throw form.error('Customer Rows', problem);
}

export const customerFields: Field[] = [
	{
		displayName: 'Customers',
		name: 'customerSource',
		type: 'options',
		default: 'rows',
		description: 'Who the touchpoint messages',
		displayOptions: { show },
		options: [
			{ name: 'Enter Rows', value: 'rows', description: 'Type each customer’s ID and number' },
			{
				name: 'From JSON',
				value: 'json',
				description: `A JSON array of objects with ${customerKeysText}, e.g. mapped from input items with an expression`,
			},
			{ name: 'None', value: 'none', description: 'Send no customer list' },
		],
	},
	{
		displayName: 'Customer Rows',
		name: 'customers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Customer',
		default: {},
		displayOptions: { show: showWhenCustomersFrom('rows') },
		options: [
			{
				displayName: 'Customer',
				name: 'customer',
				values: [
					{
						displayName: 'Customer ID',
						name: 'id',
						type: 'string',
						default: '',
						description: 'The customer’s identifier in the service',
					},
					{
						displayName: 'To Number',
						name: 'toNumber',
						type: 'string',
						default: '',
						placeholder: 'e.g. +14155550100',
						description: 'Number the message goes to, in E.164 format',
					},
				],
			},
		],
		send: { build: sendCustomerRows },
	},
	bodyField(
		{
			displayName: 'Customers (JSON)',
			name: 'customersJson',
			type: 'json',
			default: '[]',
			// Built from CUSTOMER_KEYS, so the help cannot name a key the service does not take.
			description: `A JSON array of objects with the keys ${customerKeysText} (a phone number in E.164 format), usually an expression over the input`,
			hint: `From all input items, with Execute Once turned on in the node settings: {{ $input.all().map(item => ({ ${CUSTOMER_KEYS[0]}: item.json.id, ${CUSTOMER_KEYS[1]}: item.json.phone })) }}`,
			displayOptions: { show: showWhenCustomersFrom('json') },
		},
		CUSTOMER_LIST,
		checkCustomersJson,
	),
];

import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { fieldError } from '../../shared/errors';
import { requestBody } from '../../shared/routing';
import { isPlainObject } from '../../shared/validation';

function touchpointOf(requestOptions: IHttpRequestOptions): IDataObject {
	const body = requestBody(requestOptions);
	if (!isPlainObject(body.touchpoint)) body.touchpoint = {};
	return body.touchpoint as IDataObject;
}

/** additional_settings is required even when the user sets none of its members. */
export async function sendEmptyAdditionalSettings(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const touchpoint = touchpointOf(requestOptions);
	if (!isPlainObject(touchpoint.additional_settings)) touchpoint.additional_settings = {};
	return requestOptions;
}

/** Sends the Customer Rows as customer_details [{id, to_number}]; a row needs both values. */
export async function sendCustomerRows(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const rows = this.getNodeParameter('customers.customer', []) as Array<{
		id?: string;
		toNumber?: string;
	}>;
	const customerDetails = rows.map((row, index) => {
		const id = String(row.id ?? '').trim();
		const toNumber = String(row.toNumber ?? '').trim();
		if (!id || !toNumber) {
			throw fieldError(
				this,
				`Customer Rows (row ${index + 1})`,
				'needs both a Customer ID and a To Number',
			);
		}
		return { id, to_number: toNumber };
	});
	touchpointOf(requestOptions).customer_details = customerDetails;
	return requestOptions;
}

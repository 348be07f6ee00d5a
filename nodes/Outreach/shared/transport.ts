import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IHttpRequestMethods,
	type ILoadOptionsFunctions,
	type IPollFunctions,
} from 'n8n-workflow';

import { normalizeOutreachBaseUrl } from '../../../credentials/OutreachApi.credentials';
import { LIST_PAGE_SIZE } from './constants';
import { readListPage, type ListPage } from './pagination';
import { BASE_URL_HINT } from './routing';
import { baseUrlProblem } from './validation';

type RequestContext = ILoadOptionsFunctions | IPollFunctions;

/** The one programmatic request helper, for list searches and the trigger; operations are declarative. */
export async function outreachApiRequest(
	this: RequestContext,
	method: IHttpRequestMethods,
	path: string,
	qs: IDataObject = {},
): Promise<unknown> {
	const credentials = await this.getCredentials('outreachApi');
	const baseURL = normalizeOutreachBaseUrl(credentials.baseUrl);
	const problem = baseUrlProblem(baseURL);
	if (problem)
		throw new NodeOperationError(this.getNode(), `Base URL: ${problem}`, {
			description: BASE_URL_HINT,
		});
	try {
		return await this.helpers.httpRequestWithAuthentication.call(this, 'outreachApi', {
			method,
			baseURL,
			url: path,
			qs,
			json: true,
		});
	} catch (error) {
		// Pickers show only an error's message: put the service's own words there, not just in the description.
		if (
			error instanceof NodeApiError &&
			error.description &&
			!error.message.includes(error.description)
		) {
			error.message = `${error.message}: ${error.description}`;
		}
		throw error;
	}
}

/** One page of a list endpoint (`data.data`, `data.pagination`), with the same stop rules as Get Many. */
export async function fetchListPage(
	this: RequestContext,
	path: string,
	page: number,
	perPage = LIST_PAGE_SIZE,
): Promise<ListPage> {
	const body = await outreachApiRequest.call(this, 'GET', path, { page, per_page: perPage });
	return readListPage(body, page, perPage);
}

/** Every record of a list endpoint, page by page, up to `maxPages` pages. */
export async function fetchAllRecords(
	this: RequestContext,
	path: string,
	maxPages: number,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (let page = 1; page <= maxPages; page++) {
		const result = await fetchListPage.call(this, path, page);
		records.push(...result.records);
		if (!result.hasMore) break;
	}
	return records;
}

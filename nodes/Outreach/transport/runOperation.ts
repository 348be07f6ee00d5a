import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import { recordEnvelope } from './answers';
import { readAllPages } from './pages';
import { send } from './request';

/**
 * How every operation's request is sent, once its method, path and body are built by the routing of
 * the form. n8n hands a node's requests to its `operations.pagination` function; this one sends them
 * through the transport (deadline, no redirects off the origin, no token in errors) and checks the
 * answer's shape: a list operation reads its pages, any other outputs the one record it got.
 */
export async function runOperation(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const pairedItem = { item: this.getItemIndex() };
	// Every operation's routing sets its URL; the declarative type only leaves it optional.
	const request = {
		...requestData.options,
		url: requestData.options.url ?? '',
	} as IHttpRequestOptions;

	if (this.getNodeParameter('operation') === 'getAll') {
		const returnAll = this.getNodeParameter('returnAll', false) as boolean;
		const records = await readAllPages(this, request, {
			limit: returnAll ? Infinity : (this.getNodeParameter('limit', 50) as number),
			boundHint: 'Turn off Return All and set a Limit to read the first records.',
		});
		return records.map((json) => ({ json, pairedItem }));
	}

	const envelope = await recordEnvelope(this, await send(this, request));
	const keepEnvelope = this.getNodeParameter('options.includeResponseEnvelope', false) as boolean;
	return [{ json: keepEnvelope ? envelope : (envelope.data as IDataObject), pairedItem }];
}

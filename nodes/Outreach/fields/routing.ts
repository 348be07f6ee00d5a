import type {
	IDataObject,
	IHttpRequestMethods,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import {
	preSendStep,
	registerItem,
	sendListRequest,
	sendRecordRequest,
	type Placed,
} from '../transport';
import type { Destination } from '../shared/destinations';
import { fillPathParameters, type PathParameter } from './pathParameters';

/** What an operation sends beyond its method and path, which its routing names first. */
interface RequestParts {
	/** The fields that fill the path's `{placeholders}`. */
	pathParameters?: Record<string, PathParameter>;
	/** Body fields every request of the operation carries. */
	body?: IDataObject;
	/** Steps that build the body from the form after the fields' own routing (the multipart update). */
	bodySteps?: PreSendAction[];
}

/**
 * The routing of an operation: its method and its path as the service writes them, the steps that
 * build the request, and the hook that sends it.
 *
 * n8n's routing engine hands a request to `operations.pagination` only when `send.paginate` is set,
 * and it is the one hook through which a declarative node sends its requests itself. Every operation
 * uses it, whether it pages or not, so that every request goes through the transport
 * (transport/sendItem.ts): checked Base URL, redirects kept on the credential's origin, a
 * deadline, answers checked, rate limits waited out, and the items of a run coordinated. The first
 * step joins the item to its node run; every other step is a `preSendStep`.
 */
function operationRouting(
	method: IHttpRequestMethods,
	path: string,
	{ pathParameters, body, bodySteps = [] }: RequestParts,
	send: INodePropertyRouting['operations'],
): INodePropertyRouting {
	const steps = pathParameters ? [fillPathParameters(pathParameters), ...bodySteps] : bodySteps;
	return {
		request: { method, url: path, ...(body ? { body } : {}) },
		send: { paginate: true, preSend: [registerItem, ...steps.map(preSendStep)] },
		operations: send,
	};
}

/** A read of one record, e.g. `GET /v2/_campaigns/{campaign_id}`. */
export function readRouting(path: string, parts: RequestParts = {}): INodePropertyRouting {
	return operationRouting('GET', path, parts, { pagination: sendRecordRequest({}) });
}

/** A list read page by page, e.g. `GET /v2/_customers` (Return All or Limit). */
export function listRouting(path: string): INodePropertyRouting {
	return operationRouting('GET', path, {}, { pagination: sendListRequest });
}

/**
 * A request that changes data, e.g. `POST /v2/_voicecalls/{agent_id}/makeCall`. It is never sent
 * twice by the node; `unknownOutcome` tells the user, when it fails without a clear refusal, what may
 * have happened and how to check.
 */
export function writeRouting(
	method: Exclude<IHttpRequestMethods, 'GET' | 'HEAD'>,
	path: string,
	unknownOutcome: string,
	{
		destinations,
		places,
		...parts
	}: RequestParts & {
		/** Numbers the service will dial or message: checked against the credential's Allowed Destinations. */
		destinations?: Destination[];
		/** What one request places: counted for the credential's cap, and not placed twice in an execution. */
		places?: Placed;
	} = {},
): INodePropertyRouting {
	return operationRouting(method, path, parts, {
		pagination: sendRecordRequest({ unknownOutcome, destinations, places }),
	});
}

import { NodeApiError, type JsonObject } from 'n8n-workflow';

import { OUTREACH_CREDENTIAL_TYPE } from '../../../../credentials/OutreachApi.credentials';
import type { NodeContext } from '../../shared/errors';

/**
 * Replaces every occurrence of the access token as it is sent (trimmed, as the credential's header
 * sends it), so that no message can carry it anywhere.
 */
async function withoutToken(context: NodeContext, text: string): Promise<string> {
	const { accessToken } = await context.getCredentials(OUTREACH_CREDENTIAL_TYPE);
	const sent = typeof accessToken === 'string' ? accessToken.trim() : '';
	return sent === '' ? text : text.split(sent).join('***');
}

/** An API error that names the request; built from text only, so it holds no request options. */
export async function serviceError(
	context: NodeContext,
	message: string,
	description?: string,
	httpCode?: number,
): Promise<NodeApiError> {
	const clean = {
		message: await withoutToken(context, message),
		description: description === undefined ? undefined : await withoutToken(context, description),
	};
	return new NodeApiError(context.getNode(), clean as JsonObject, {
		...clean,
		httpCode: httpCode === undefined ? undefined : String(httpCode),
		...('getItemIndex' in context ? { itemIndex: context.getItemIndex() } : {}),
	});
}

import { NodeApiError, type JsonObject } from 'n8n-workflow';

import type { Account } from './account';

/** The access token, replaced wherever it occurs: no message can carry it. */
function withoutToken(account: Account, text: string): string {
	return account.token === '' ? text : text.split(account.token).join('***');
}

/** An API error that names the request; built from text only, so it holds no request options. */
export function serviceError(
	account: Account,
	message: string,
	description?: string,
	httpCode?: number,
): NodeApiError {
	const clean = {
		message: withoutToken(account, message),
		description: description === undefined ? undefined : withoutToken(account, description),
	};
	return new NodeApiError(account.node, clean as JsonObject, {
		...clean,
		httpCode: httpCode === undefined ? undefined : String(httpCode),
	});
}

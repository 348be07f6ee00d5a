import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
} from 'n8n-workflow';

import {
	normalizeOutreachBaseUrl,
	OUTREACH_CREDENTIAL_TYPE,
} from '../../../../credentials/OutreachApi.credentials';
import { RequestEnds } from './requestEnds';

/** What calls the service: the node's items, the trigger's polls, the editor's pickers. */
export type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * The service account requests go to, as the credential names it, read once per run: n8n decrypts
 * the credential on every read.
 */
export interface Account {
	node: INode;
	/** The Base URL, trimmed of a trailing slash or /v2 (not yet checked). */
	baseUrl: string;
	/** The access token as it is sent: trimmed. */
	token: string;
	/** n8n's HTTP helper. */
	http: (options: IHttpRequestOptions) => Promise<unknown>;
	/** The execution's Stop. */
	cancel?: AbortSignal;
	/** Each request's timeout and Stop. */
	ends: RequestEnds;
	/**
	 * Whether errors are read with their description (a node's items); the trigger and the pickers
	 * show only the message.
	 */
	forItems: boolean;
}

export async function accountOf(
	context: ServiceContext,
	read?: ICredentialDataDecryptedObject,
): Promise<Account> {
	const credentials: ICredentialDataDecryptedObject =
		read ?? (await context.getCredentials(OUTREACH_CREDENTIAL_TYPE));
	const forItems = 'getInputData' in context;
	const cancel = forItems ? context.getExecutionCancelSignal() : undefined;
	return {
		node: context.getNode(),
		baseUrl: normalizeOutreachBaseUrl(credentials.baseUrl),
		token: String(credentials.accessToken ?? '').trim(),
		http: async (options) => await context.helpers.httpRequest(options),
		cancel,
		ends: new RequestEnds(cancel),
		forItems,
	};
}

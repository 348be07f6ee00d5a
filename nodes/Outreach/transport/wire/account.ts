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

type ServiceContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** The service account requests go to, read once per run: n8n decrypts the credential each read. */
export interface Account {
	node: INode;
	/** Trimmed of a trailing slash or /v2, not yet checked. */
	baseUrl: string;
	token: string;
	http: (options: IHttpRequestOptions) => Promise<unknown>;
	/** The execution's Stop. */
	cancel?: AbortSignal;
	ends: RequestEnds;
	/** Whether errors are read with their description: the trigger and the pickers show the message. */
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

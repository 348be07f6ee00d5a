import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

/** The credential type's name: what the nodes ask for and the transport reads. */
export const OUTREACH_CREDENTIAL_TYPE = 'outreachApi';

/**
 * The service's paths all start with /v2, so a Base URL pasted with a trailing slash or a trailing
 * /v2 is trimmed back to the host part. The expression serves the declarative node's requestDefaults
 * and the credential test; normalizeOutreachBaseUrl is the same rule for programmatic requests.
 */
export const OUTREACH_BASE_URL_EXPRESSION =
	'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/v2$/i, "") }}';

/**
 * The Authorization header the credential test sends, as an expression over the credential; the
 * transport builds the same header with outreachAuthorization. A token is often pasted with a space or
 * a line break around it, and the service refuses it so.
 */
const OUTREACH_AUTHORIZATION_EXPRESSION = '=Bearer {{ String($credentials.accessToken).trim() }}';

export function outreachAuthorization(accessToken: unknown): string {
	return `Bearer ${String(accessToken ?? '').trim()}`;
}

export function normalizeOutreachBaseUrl(baseUrl: unknown): string {
	return String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.replace(/\/v2$/i, '');
}

export class OutreachApi implements ICredentialType {
	name = OUTREACH_CREDENTIAL_TYPE;

	displayName = 'Outreach API';

	icon: Icon = { light: 'file:../icons/outreach.svg', dark: 'file:../icons/outreach.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-outreach/n8n-nodes-outreach#credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'Address of the outreach service, starting with http:// or https://. A trailing slash or /v2 is fine.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The JWT access token, sent as "Authorization: Bearer &lt;token&gt;" (spaces and line breaks around it are trimmed)',
		},
		{
			displayName: 'Allowed Destinations',
			name: 'allowedDestinations',
			type: 'string',
			default: '',
			placeholder: '+1, +44',
			description:
				'Phone number prefixes, comma-separated: the Outreach node calls and messages only numbers that start with one of them (Make Call, campaign customers, SMS recipients, call transfers) and blocks any other before sending. +1 is the whole North American Numbering Plan, Caribbean countries included (+1 876 Jamaica, +1 809 Dominican Republic): list area codes such as +1212, +1415 to narrow it. Empty: any number.',
		},
		{
			displayName: 'Max Calls per Execution',
			name: 'maxCallsPerExecution',
			type: 'string',
			default: '',
			placeholder: 'e.g. 100',
			description:
				'Most people one workflow execution may call or message through this credential: each Make Call counts one, each campaign as many as its customers, across items, nodes, Retry On Fail and an AI agent’s tool calls (n8n’s Retry of an execution is an execution of its own); any beyond are blocked before sending. A whole number of at least 1; empty: no cap. Anything else blocks every call.',
		},
		{
			displayName: 'Calling Hours',
			name: 'callingHours',
			type: 'string',
			default: '',
			placeholder: 'Mon-Fri 09:00-20:00, Sat 10:00-14:00',
			description:
				'Days and hours when a call may be placed, comma-separated; an end before the start runs past midnight (Fri 22:00-02:00). A Make Call outside them is blocked before sending, with the next moment a call is allowed. Empty: any time. Anything else blocks every call.',
		},
		{
			displayName: 'Calling Hours Time Zone',
			name: 'callingHoursTimeZone',
			type: 'string',
			default: '',
			placeholder: 'America/New_York',
			description:
				'IANA time zone the Calling Hours are read in, unless a Make Call names the recipient’s. Empty: the workflow’s time zone.',
		},
		{
			displayName: 'Dry Run',
			name: 'dryRun',
			type: 'boolean',
			default: false,
			description:
				'Whether to send nothing that places a call, creates a campaign or changes data: each such item outputs the request it would have sent, checked by every guardrail as for real. Reads are sent as usual.',
		},
	];

	/**
	 * Only this package's nodes may use the credential: n8n 2.24 and later do not let any other node use it
	 * (the HTTP Request node and its tool form included), at save and at run time; this package's
	 * nodes are the Outreach node, its AI-tool form and the trigger.
	 */
	supportedNodes = ['outreach', 'outreachTool', 'outreachTrigger'];

	restrictToSupportedNodes = true as const;

	// No `authenticate`: n8n's HTTP Request node offers, and can authenticate with, only credential
	// types that have one, so on every n8n release it can neither list this credential nor send its
	// token. This package's transport sends the token itself, and so does the test below.
	test: ICredentialTestRequest = {
		request: {
			baseURL: OUTREACH_BASE_URL_EXPRESSION,
			url: '/v2/_campaigns',
			method: 'GET',
			qs: { page: 1, per_page: 1 },
			headers: { Authorization: OUTREACH_AUTHORIZATION_EXPRESSION },
			// A redirect is a failed test, never a reason to send the token somewhere else.
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		// n8n fails the test when the value at `key` equals `value`: an answer without the list envelope
		// (an HTML page with 200, a login page) is not the service.
		rules: [undefined, null].map((value) => ({
			type: 'responseSuccessBody' as const,
			properties: {
				key: 'data.data',
				value,
				message:
					"The Base URL answers, but not with the service's list of campaigns: check that it is the service's address",
			},
		})),
	};
}

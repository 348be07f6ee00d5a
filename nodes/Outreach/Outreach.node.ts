import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import {
	OUTREACH_BASE_URL_EXPRESSION,
	OUTREACH_CREDENTIAL_TYPE,
} from '../../credentials/OutreachApi.credentials';
import { searchCampaigns } from './listSearch/searchCampaigns';
import { searchCustomers } from './listSearch/searchCustomers';
import { getActions } from './loadOptions/getActions';
import { actionDescription } from './resources/action';
import { assistantDescription } from './resources/assistant';
import { callDescription } from './resources/call';
import { campaignDescription } from './resources/campaign';
import { customerDescription } from './resources/customer';
import { knowledgeBaseDescription } from './resources/knowledgeBase';
import { OUTREACH_DESCRIPTION } from './shared/constants';
import { nodeOptionFields } from './fields/nodeOptions';

/**
 * Every operation, resource by resource. Each operation's routing (fields/routing.ts) sends its
 * request through this package's transport (transport/index.ts), by way of the one hook n8n's
 * routing engine lets a declarative node send with: checks, redirects, deadlines, 429s, guardrails and
 * the coordination of a run's items all live there.
 */
const resourceOperations = [
	...callDescription,
	...campaignDescription,
	...customerDescription,
	...knowledgeBaseDescription,
	...actionDescription,
	...assistantDescription,
];

export class Outreach implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach',
		name: 'outreach',
		icon: { light: 'file:../../icons/outreach.svg', dark: 'file:../../icons/outreach.dark.svg' },
		group: ['transform'],
		version: 1,
		// The chosen operation's action text (e.g. "Make an AI voice call") instead of internal values.
		// n8n's lint accepts only a literal here; test/node/description.test.ts builds it from the
		// operations' declarations and prints it when it differs.
		subtitle:
			'={{ {"call.make":"Make an AI voice call","campaign.create":"Create a campaign with a messaging touchpoint","campaign.delete":"Delete a campaign","campaign.get":"Get a campaign","campaign.getAll":"Get many campaigns","customer.delete":"Delete a customer","customer.getAll":"Get many customers","knowledgeBase.create":"Create a knowledge base","knowledgeBase.delete":"Delete a knowledge base","knowledgeBase.get":"Get a knowledge base","knowledgeBase.update":"Update a knowledge base","action.createCallTransfer":"Create a call transfer action","action.createEmail":"Create an email action","action.createSms":"Create an SMS action","action.createStaffing":"Create a staffing system action","action.createTelephony":"Create a telephony system action","action.getAll":"Get many actions","assistant.create":"Create an assistant"}[$parameter["resource"] + "." + $parameter["operation"]] }}',
		description: OUTREACH_DESCRIPTION,
		defaults: { name: 'Outreach' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: OUTREACH_CREDENTIAL_TYPE, required: true }],
		requestDefaults: {
			baseURL: OUTREACH_BASE_URL_EXPRESSION,
			headers: { Accept: 'application/json' },
			json: true,
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					// n8n's node creator heads each resource's list "<name> Actions": "Action Actions" read as a bug.
					{ name: 'Action Library', value: 'action' },
					{ name: 'Assistant', value: 'assistant' },
					{ name: 'Call', value: 'call' },
					{ name: 'Campaign', value: 'campaign' },
					{ name: 'Customer', value: 'customer' },
					{ name: 'Knowledge Base', value: 'knowledgeBase' },
				],
				// A new node, and a new AI-agent tool, starts on a read-only operation: Customer → Get Many.
				default: 'customer',
			},
			...resourceOperations,
			...nodeOptionFields,
		],
	};

	methods = {
		listSearch: { searchCampaigns, searchCustomers },
		loadOptions: { getActions },
	};
}

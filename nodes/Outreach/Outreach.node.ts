import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { OUTREACH_BASE_URL_EXPRESSION } from '../../credentials/OutreachApi.credentials';
import { searchCampaigns } from './listSearch/searchCampaigns';
import { searchCustomers } from './listSearch/searchCustomers';
import { getActions } from './loadOptions/getActions';
import { actionDescription } from './resources/action';
import { assistantDescription } from './resources/assistant';
import { callDescription } from './resources/call';
import { campaignDescription } from './resources/campaign';
import { customerDescription } from './resources/customer';
import { knowledgeBaseDescription } from './resources/knowledgeBase';
import { outputFields } from './shared/outputFields';
import { runOperation } from './transport/runOperation';

export class Outreach implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach',
		name: 'outreach',
		icon: { light: 'file:../../icons/outreach.svg', dark: 'file:../../icons/outreach.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Place AI voice calls and manage campaigns, customers, knowledge bases, actions and assistants',
		defaults: { name: 'Outreach' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'outreachApi', required: true }],
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
					{ name: 'Action', value: 'action' },
					{ name: 'Assistant', value: 'assistant' },
					{ name: 'Call', value: 'call' },
					{ name: 'Campaign', value: 'campaign' },
					{ name: 'Customer', value: 'customer' },
					{ name: 'Knowledge Base', value: 'knowledgeBase' },
				],
				default: 'call',
				// Every request, whatever the operation, is sent by the node's transport.
				routing: { send: { paginate: true }, operations: { pagination: runOperation } },
			},
			...callDescription,
			...campaignDescription,
			...customerDescription,
			...knowledgeBaseDescription,
			...actionDescription,
			...assistantDescription,
			...outputFields,
		],
	};

	methods = {
		listSearch: { searchCampaigns, searchCustomers },
		loadOptions: { getActions },
	};
}

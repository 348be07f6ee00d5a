import {
	NodeConnectionTypes,
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { OUTREACH_CREDENTIAL_TYPE } from '../../credentials/OutreachApi.credentials';
import { createCallTransferAction } from './actions/action/createCallTransfer.operation';
import { createEmailAction } from './actions/action/createEmail.operation';
import { createSmsAction } from './actions/action/createSms.operation';
import { createStaffingAction } from './actions/action/createStaffing.operation';
import { createTelephonyAction } from './actions/action/createTelephony.operation';
import { getManyActions } from './actions/action/getAll.operation';
import { createAssistant } from './actions/assistant/create.operation';
import { makeCall } from './actions/call/make.operation';
import { createCampaign } from './actions/campaign/create.operation';
import { deleteCampaign } from './actions/campaign/delete.operation';
import { getCampaign } from './actions/campaign/get.operation';
import { getManyCampaigns } from './actions/campaign/getAll.operation';
import { deleteCustomer } from './actions/customer/delete.operation';
import { getManyCustomers } from './actions/customer/getAll.operation';
import { createKnowledgeBase } from './actions/knowledgeBase/create.operation';
import { deleteKnowledgeBase } from './actions/knowledgeBase/delete.operation';
import { getKnowledgeBase } from './actions/knowledgeBase/get.operation';
import { updateKnowledgeBase } from './actions/knowledgeBase/update.operation';
import { nodeOptionFields, requestOptionsField } from './fields/nodeOptions';
import { resourceProperties, type Resource } from './fields/resourceProperties';
import { getActions, searchCampaigns, searchCustomers } from './methods';
import { runItems } from './run';
import { OUTREACH_DESCRIPTION } from './shared/constants';

export const resources: Resource[] = [
	{ value: 'call', defaultOperation: 'make', operations: [makeCall] },
	{
		value: 'campaign',
		defaultOperation: 'getAll',
		operations: [createCampaign, deleteCampaign, getCampaign, getManyCampaigns],
	},
	{ value: 'customer', defaultOperation: 'getAll', operations: [deleteCustomer, getManyCustomers] },
	{
		value: 'knowledgeBase',
		defaultOperation: 'create',
		operations: [createKnowledgeBase, deleteKnowledgeBase, getKnowledgeBase, updateKnowledgeBase],
	},
	{
		value: 'action',
		defaultOperation: 'getAll',
		operations: [
			createCallTransferAction,
			createEmailAction,
			createSmsAction,
			createStaffingAction,
			createTelephonyAction,
			getManyActions,
		],
	},
	{ value: 'assistant', defaultOperation: 'create', operations: [createAssistant] },
];

export class Outreach implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach',
		name: 'outreach',
		icon: { light: 'file:../../icons/outreach.svg', dark: 'file:../../icons/outreach.dark.svg' },
		group: ['transform'],
		version: 1,
		// n8n's lint accepts only a literal here: test/node/description.test.ts prints it when it differs.
		subtitle:
			'={{ {"call.make":"Make an AI voice call","campaign.create":"Create a campaign with a messaging touchpoint","campaign.delete":"Delete a campaign","campaign.get":"Get a campaign","campaign.getAll":"Get many campaigns","customer.delete":"Delete a customer","customer.getAll":"Get many customers","knowledgeBase.create":"Create a knowledge base","knowledgeBase.delete":"Delete a knowledge base","knowledgeBase.get":"Get a knowledge base","knowledgeBase.update":"Update a knowledge base","action.createCallTransfer":"Create a call transfer action","action.createEmail":"Create an email action","action.createSms":"Create an SMS action","action.createStaffing":"Create a staffing system action","action.createTelephony":"Create a telephony system action","action.getAll":"Get many actions","assistant.create":"Create an assistant"}[$parameter["resource"] + "." + $parameter["operation"]] }}',
		description: OUTREACH_DESCRIPTION,
		defaults: { name: 'Outreach' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: OUTREACH_CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					// The node creator heads each list "<name> Actions": "Action Actions" read as a bug.
					{ name: 'Action Library', value: 'action' },
					{ name: 'Assistant', value: 'assistant' },
					{ name: 'Call', value: 'call' },
					{ name: 'Campaign', value: 'campaign' },
					{ name: 'Customer', value: 'customer' },
					{ name: 'Knowledge Base', value: 'knowledgeBase' },
				],
				// A new node, or AI-agent tool, starts on a read-only operation.
				default: 'customer',
			},
			...resources.flatMap(resourceProperties),
			...nodeOptionFields,
			requestOptionsField,
		],
	};

	methods = { listSearch: { searchCampaigns, searchCustomers }, loadOptions: { getActions } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const resource = this.getNodeParameter('resource', 0) as string;
		const name = this.getNodeParameter('operation', 0) as string;
		const operation = resources
			.find(({ value }) => value === resource)
			?.operations.find(({ option }) => option.value === name);
		if (!operation) {
			throw new NodeOperationError(
				this.getNode(),
				`The operation "${name}" of "${resource}" is not one this version of the node offers`,
			);
		}
		return [await runItems(this, operation)];
	}
}

import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { fetchAllRecords } from '../Outreach/shared/transport';
import { recordId } from '../Outreach/shared/validation';

/** What the trigger watches: each event is "a record appeared in this list". */
const EVENT_LISTS: Record<string, string> = {
	newAction: '/v2/_actions',
	newCampaign: '/v2/_campaigns',
	newCustomer: '/v2/_customers',
};

/** The trigger remembers at most this many record IDs, so its saved state stays small. */
export const MAX_REMEMBERED_IDS = 10_000;

/** Pages read per poll (100 records each): enough for MAX_REMEMBERED_IDS. */
const MAX_PAGES_PER_POLL = MAX_REMEMBERED_IDS / 100;

interface PollState extends IDataObject {
	event?: string;
	seenIds?: string[];
}

/** A stable key for a record: its ID, or its content where the list gives none. */
function recordKey(record: IDataObject): string {
	return recordId(record) ?? JSON.stringify(record);
}

/** The newest record: the latest created_at where records carry one, else the last one listed. */
function latestRecord(records: IDataObject[]): IDataObject | undefined {
	const dated = records.filter((record) => typeof record.created_at === 'string');
	if (dated.length === 0) return records.at(-1);
	return dated.reduce((latest, record) =>
		String(record.created_at) >= String(latest.created_at) ? record : latest,
	);
}

// A polling trigger starts workflows; an AI agent cannot call it as a tool.
// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool
export class OutreachTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach Trigger',
		name: 'outreachTrigger',
		icon: { light: 'file:../../icons/outreach.svg', dark: 'file:../../icons/outreach.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description:
			'Starts the workflow when new campaigns, customers or actions appear in the outreach service',
		defaults: { name: 'Outreach Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'outreachApi', required: true }],
		properties: [
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				required: true,
				default: 'newCustomer',
				options: [
					{
						name: 'New Action',
						value: 'newAction',
						description: 'An action appears in the actions list',
					},
					{
						name: 'New Campaign',
						value: 'newCampaign',
						description: 'A campaign appears in the campaigns list',
					},
					{
						name: 'New Customer',
						value: 'newCustomer',
						description: 'A customer appears in the customers list',
					},
				],
			},
			{
				displayName: 'Emit Existing Records on Activation',
				name: 'emitExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether the first poll after activation emits the records that already exist. Off: only records that appear later.',
			},
			{
				displayName:
					'The service sends no events, so this trigger reads the whole list on every poll and compares it with the IDs it has seen (up to 10,000 records).',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as string;
		const listPath = EVENT_LISTS[event];
		const records = await fetchAllRecords.call(this, listPath, MAX_PAGES_PER_POLL);

		if (this.getMode() === 'manual') {
			const latest = latestRecord(records);
			return latest ? [[{ json: latest }]] : null;
		}

		const state = this.getWorkflowStaticData('node') as PollState;
		const currentKeys = records.map(recordKey);
		const firstPoll = state.event !== event || !Array.isArray(state.seenIds);
		const seen = new Set(firstPoll ? [] : state.seenIds);

		// Remember what the list holds now (newest last), not every ID ever seen: deleted records drop out.
		state.event = event;
		state.seenIds = currentKeys.slice(-MAX_REMEMBERED_IDS);

		if (firstPoll && !(this.getNodeParameter('emitExisting', false) as boolean)) return null;
		const fresh = records.filter((_record, index) => !seen.has(currentKeys[index]));
		return fresh.length ? [fresh.map((json) => ({ json }))] : null;
	}
}

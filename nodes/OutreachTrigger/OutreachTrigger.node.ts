import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import {
	DEFAULT_MAX_LIST_PAGES,
	LIST_PAGE_SIZE,
	OUTREACH_DESCRIPTION,
	POLL_RATE_LIMIT_WAIT_MS,
	TRIGGER_MAX_ABSENT_IDS,
} from '../Outreach/shared/constants';
import { OUTREACH_CREDENTIAL_TYPE } from '../../credentials/OutreachApi.credentials';
import { MAX_RECORD_ID_LENGTH, recordId } from '../Outreach/shared/validators';
import { maxPages, maxPagesField } from '../Outreach/fields/nodeOptions';
import { accountOf, ownLane, readAllPages, serviceError } from '../Outreach/transport';
import { nextSeenIds, sameIds } from './seenIds';

/** Each event is "a record appeared in this list". */
const EVENT_LISTS: Record<string, string> = {
	newAction: '/v2/_actions',
	newCampaign: '/v2/_campaigns',
	newCustomer: '/v2/_customers',
};

interface PollState extends IDataObject {
	event?: string;
	seenIds?: string[];
}

/** The newest record: the latest created_at where records carry one, else the last one listed. */
function latestRecord(records: IDataObject[]): IDataObject | undefined {
	const dated = records.filter((record) => typeof record.created_at === 'string');
	if (dated.length === 0) return records.at(-1);
	return dated.reduce((latest, record) =>
		String(record.created_at) >= String(latest.created_at) ? record : latest,
	);
}

export class OutreachTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Outreach Trigger',
		name: 'outreachTrigger',
		icon: { light: 'file:../../icons/outreach.svg', dark: 'file:../../icons/outreach.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ { newAction: "New action", newCampaign: "New campaign", newCustomer: "New customer" }[$parameter["event"]] }}',
		description: OUTREACH_DESCRIPTION,
		defaults: { name: 'Outreach Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: OUTREACH_CREDENTIAL_TYPE, required: true }],
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
				displayName: `The service sends no events, so this trigger reads the whole list on every poll (up to ${(DEFAULT_MAX_LIST_PAGES * LIST_PAGE_SIZE).toLocaleString('en-US')} records, or what Options → Max Pages allows) and emits the records whose IDs it has not seen. A poll that cannot read the whole list fails and changes nothing.`,
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					maxPagesField(
						`Most pages of ${LIST_PAGE_SIZE} records each poll reads. A longer list fails every poll: raise it to watch a longer list (the trigger remembers every ID of the list).`,
					),
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const event = this.getNodeParameter('event') as string;
		const listPath = EVENT_LISTS[event] ?? EVENT_LISTS.newCustomer;
		// The whole list, each record once, or an error: a partial read must not look like deletions.
		const account = await accountOf(this);
		const records = await readAllPages(
			account,
			{ url: listPath },
			{
				limit: Infinity,
				maxPages: maxPages(
					this.getNode(),
					this.getNodeParameter('options.maxPages', DEFAULT_MAX_LIST_PAGES),
				),
				boundHint:
					'The trigger compares the whole list on every poll: raise Options → Max Pages to watch a longer list.',
				lane: ownLane(POLL_RATE_LIMIT_WAIT_MS, 'the trigger’s bound for one poll'),
			},
		);
		const ids = records.map((record) => recordId(record));
		const firstWithoutId = ids.indexOf(undefined);
		if (firstWithoutId >= 0) {
			throw serviceError(
				account,
				`The service's answer to GET ${listPath} lists a record without an ID the trigger can remember (record ${firstWithoutId + 1})`,
				`The trigger tells records apart by their id (or action_id, campaign_id, customer_id, _id): text or a number of at most ${MAX_RECORD_ID_LENGTH} characters.`,
			);
		}
		const currentIds = ids as string[];

		if (this.getMode() === 'manual') {
			const latest = latestRecord(records);
			return latest ? [[{ json: latest }]] : null;
		}

		const state = this.getWorkflowStaticData('node') as PollState;
		const firstPoll = state.event !== event || !Array.isArray(state.seenIds);
		const seen = nextSeenIds(firstPoll ? [] : state.seenIds, currentIds, TRIGGER_MAX_ABSENT_IDS);
		if (state.event !== event) state.event = event;
		// n8n saves the static data when it changes.
		if (!sameIds(seen.ids, state.seenIds)) state.seenIds = seen.ids;

		if (firstPoll && !(this.getNodeParameter('emitExisting', false) as boolean)) return null;
		const fresh = records.filter((_record, index) => seen.isNew(currentIds[index]));
		return fresh.length ? [fresh.map((json) => ({ json }))] : null;
	}
}

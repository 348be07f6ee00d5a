// The parameter sets of the wire test (wire.test.ts): for every operation the minimal form (required
// fields only) and a full one (every field and option set to a value other than its default), plus
// the variants where the form branches.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

export interface WireCase {
	name: string;
	parameters: INodeParameters;
	/** The node's input; one lead without files unless given. */
	items?: INodeExecutionData[];
	/** The workflow's time zone; UTC unless given. */
	timezone?: string;
}

/** Cases by operation, as "resource.operation". */
export type WireCases = Record<string, WireCase[]>;

/** The one input item of most cases; the full forms read it with expressions. */
export const lead: INodeExecutionData = {
	json: {
		id: 'lead-17',
		name: 'Ada Lovelace',
		phone: '+14155550101',
		email: 'ada@example.com',
		agent: 'agent-7',
		campaignId: 'cmp_42',
		customerId: 'cus_00017',
		knowledgeBaseId: 'kb_support',
		customers: [
			{ id: 'cus_1', to_number: '+14155550101' },
			{ id: 'cus_2', to_number: '+442071838750' },
		],
	},
};

const text = (content: string) => Buffer.from(content, 'utf8').toString('base64');

/** An item with three files; text content, so that a multipart body stays readable in the fixtures. */
const leadWithFiles: INodeExecutionData = {
	...lead,
	binary: {
		data: {
			data: text('%PDF-1.7\n% a text stand-in for a PDF\n'),
			mimeType: 'application/pdf',
			fileName: 'pricing.pdf',
		},
		sheet: {
			data: text('question,answer\r\nhours,9–5\r\n'),
			mimeType: 'text/csv',
			fileName: 'faq.csv',
		},
		notes: {
			data: text('# Notes\n\nRefunds within 30 days.\n'),
			mimeType: 'text/markdown',
			fileName: 'Preise "2026" ü.md',
		},
	},
};

/** Options of a write, each set to a value other than its default. */
const writeOptions = {
	includeResponseEnvelope: true,
	maxConcurrentRequests: 2,
	maxRateLimitWait: 60,
	resendUnknownOutcome: true,
};
/** Options of a read of one record, each set to a value other than its default. */
const readOptions = {
	includeResponseEnvelope: true,
	maxConcurrentRequests: 2,
	maxRateLimitWait: 60,
};
/** Options of a list read with Return All, each set to a value other than its default. */
const listOptions = { maxConcurrentRequests: 2, maxPages: 3, maxRateLimitWait: 60 };

/** Get Many's cases, the same for every list. */
function listCases(resource: string): WireCase[] {
	const operation = { resource, operation: 'getAll' };
	return [
		{ name: 'minimal', parameters: operation },
		{ name: 'limit 5', parameters: { ...operation, returnAll: false, limit: 5 } },
		{ name: 'return all', parameters: { ...operation, returnAll: true } },
		{ name: 'full', parameters: { ...operation, returnAll: true, options: listOptions } },
	];
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const campaign = {
	resource: 'campaign',
	operation: 'create',
	campaignName: 'Spring renewals',
	touchpointName: 'First reminder',
	startAt: '2026-12-01T09:30:00',
	assistantId: '42',
};
const customerRows = {
	customerSource: 'rows',
	customers: {
		customer: [
			{ id: 'cus_1', toNumber: '+14155550101' },
			{ id: 'cus_2', toNumber: '+442071838750' },
		],
	},
};
const customersFromJson = {
	customerSource: 'json',
	customersJson: '={{ $json.customers }}',
};
const someSchedule = { schedule: { startHour: 8, timeZone: 'Europe/Berlin' } };
const fullSchedule = {
	schedule: {
		delay: 30,
		endHour: 20,
		executionDays: ['monday', 'wednesday', 'friday'],
		fromNumbers: '+14155550199, +14155550198',
		ignoreSuppression: true,
		startHour: 8,
		timeZone: 'Europe/Berlin',
	},
};
const messagingParams = {
	messaging: {
		bodyParams: '{"is_static": false, "params": [{"name": "first_name"}]}',
		buttonParams: '{"is_static": true, "params": [{"url": "https://example.com/renew"}]}',
		headerParams: '={{ { is_static: true, params: [{ name: $json.name }] } }}',
	},
};
const fullMessaging = {
	messaging: {
		...messagingParams.messaging,
		languageCode: 'en_US',
		messagingBody: '=Hi {{ $json.name }}, your renewal is due.',
		template: 'renewal_v1',
	},
};
const fullCampaignFields = {
	campaignFields: {
		attachmentUrl: 'https://example.com/offer.pdf',
		businessGoal: 'Renew contracts',
		campaignType: 'None',
		companyPlanId: 'plan_1',
		isConsultants: true,
		variables: '[{"key": "discount", "value": "10%"}]',
		workspaceId: 'ws_1',
		additionalBodyFields:
			'={"touchpoint.additional_settings.delay": 45, "workspace_id": "ws_override", "source": "{{ $json.id }}"}',
	},
	options: { allowRepeats: true, ...writeOptions },
};

const action = (operation: string, parameters: INodeParameters) => ({
	resource: 'action',
	operation,
	...parameters,
});

const kbUpdate = { resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: 'kb_support' };

export const wireCases: WireCases = {
	'call.make': [
		{
			name: 'minimal',
			parameters: {
				resource: 'call',
				operation: 'make',
				agentId: 'agent-7',
				phoneNumber: '+14155550101',
			},
		},
		{
			name: 'full',
			parameters: {
				resource: 'call',
				operation: 'make',
				agentId: '={{ $json.agent }}',
				phoneNumber: '={{ $json.phone }}',
				callFields: {
					callPurpose: 'Confirm the appointment',
					customerName: '={{ $json.name }}',
					recipientTimeZone: 'America/Chicago',
					additionalBodyFields:
						'={"metadata.lead_id": "{{ $json.id }}", "call_purpose": "Confirm the renewal"}',
				},
				options: { allowRepeats: true, ...writeOptions },
			},
		},
		{
			name: 'text that JSON escapes',
			parameters: {
				resource: 'call',
				operation: 'make',
				agentId: 'agent-7',
				phoneNumber: '+14155550101',
				callFields: { customerName: '={{ $json.name }}', callPurpose: '={{ $json.purpose }}' },
			},
			items: [
				{
					json: {
						name: 'Zoë "Zed" O\'Brien \\ 🙂',
						purpose: 'Line one\nLine two\ttabbed\u2028',
					},
				},
			],
		},
		{
			name: 'agent ID encoded as one path segment',
			parameters: {
				resource: 'call',
				operation: 'make',
				agentId: ' agent 7/ü ',
				phoneNumber: '+14155550101',
			},
		},
	],
	'campaign.create': [
		{ name: 'minimal', parameters: campaign },
		{ name: 'rows', parameters: { ...campaign, ...customerRows } },
		{ name: 'rows with schedule', parameters: { ...campaign, ...customerRows, ...someSchedule } },
		{ name: 'JSON', parameters: { ...campaign, ...customersFromJson } },
		{
			name: 'JSON with schedule',
			parameters: { ...campaign, ...customersFromJson, ...someSchedule },
		},
		{ name: 'none', parameters: { ...campaign, customerSource: 'none' } },
		{
			name: 'none with schedule',
			parameters: { ...campaign, customerSource: 'none', ...someSchedule },
		},
		{
			name: 'none with messaging params',
			parameters: { ...campaign, customerSource: 'none', ...messagingParams },
		},
		{
			name: 'JSON as text',
			parameters: {
				...campaign,
				customerSource: 'json',
				customersJson: '[{"id": "cus_1", "to_number": "+14155550101"}]',
			},
		},
		{
			name: 'full rows',
			parameters: {
				...campaign,
				campaignName: '={{ $json.name }} renewals',
				touchpointType: 'SMS',
				touchpointStatus: 'draft',
				...customerRows,
				...fullSchedule,
				...fullMessaging,
				...fullCampaignFields,
			},
			timezone: 'America/New_York',
		},
		{
			name: 'full JSON',
			parameters: {
				...campaign,
				campaignName: '={{ $json.name }} renewals',
				touchpointType: 'SMS',
				touchpointStatus: 'draft',
				startAt: '2026-12-01T09:30:00+02:00',
				assistantId: '={{ 7 * 6 }}',
				...customersFromJson,
				...fullSchedule,
				...fullMessaging,
				...fullCampaignFields,
			},
			timezone: 'America/New_York',
		},
	],
	'campaign.delete': [
		{
			name: 'minimal',
			parameters: { resource: 'campaign', operation: 'delete', campaignId: byId('cmp_42') },
		},
		{
			name: 'full',
			parameters: {
				resource: 'campaign',
				operation: 'delete',
				campaignId: { __rl: true, mode: 'list', value: '={{ $json.campaignId }}' },
				options: writeOptions,
			},
		},
	],
	'campaign.get': [
		{
			name: 'minimal',
			parameters: { resource: 'campaign', operation: 'get', campaignId: byId('cmp_42') },
		},
		{
			name: 'full',
			parameters: {
				resource: 'campaign',
				operation: 'get',
				campaignId: byId('={{ $json.campaignId }}'),
				options: readOptions,
			},
		},
	],
	'campaign.getAll': listCases('campaign'),
	'customer.delete': [
		{
			name: 'minimal',
			parameters: { resource: 'customer', operation: 'delete', customerId: byId('cus_00017') },
		},
		{
			name: 'full',
			parameters: {
				resource: 'customer',
				operation: 'delete',
				customerId: byId('={{ $json.customerId }}'),
				options: writeOptions,
			},
		},
	],
	'customer.getAll': listCases('customer'),
	'knowledgeBase.create': [
		{
			name: 'minimal',
			parameters: {
				resource: 'knowledgeBase',
				operation: 'create',
				knowledgeBaseName: 'Product FAQ',
			},
		},
		{
			name: 'full',
			parameters: {
				resource: 'knowledgeBase',
				operation: 'create',
				knowledgeBaseName: '={{ $json.name }} FAQ',
				knowledgeBaseFields: {
					description: 'Answers about pricing',
					files: 'pricing.pdf',
					urls: 'https://example.com/pricing',
					additionalBodyFields:
						'={"settings.language": "en", "description": "Answers for {{ $json.name }}"}',
				},
				options: writeOptions,
			},
		},
	],
	'knowledgeBase.delete': [
		{
			name: 'minimal',
			parameters: { resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: 'kb_support' },
		},
		{
			name: 'full',
			parameters: {
				resource: 'knowledgeBase',
				operation: 'delete',
				knowledgeBaseId: '={{ $json.knowledgeBaseId }}',
				options: writeOptions,
			},
		},
	],
	'knowledgeBase.get': [
		{
			name: 'minimal',
			parameters: { resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: 'kb_support' },
		},
		{
			name: 'full',
			parameters: {
				resource: 'knowledgeBase',
				operation: 'get',
				knowledgeBaseId: '={{ $json.knowledgeBaseId }}',
				options: readOptions,
			},
		},
	],
	'knowledgeBase.update': [
		{ name: 'minimal: a name', parameters: { ...kbUpdate, updateFields: { name: 'Handbook v2' } } },
		{
			name: 'one file',
			parameters: { ...kbUpdate, updateFields: { binaryProperties: 'data' } },
			items: [leadWithFiles],
		},
		{
			name: 'additional files under their default field name',
			parameters: {
				...kbUpdate,
				updateFields: { binaryProperties: '', additionalFilesBinaryProperties: 'sheet' },
			},
			items: [leadWithFiles],
		},
		{
			name: 'full',
			parameters: {
				...kbUpdate,
				knowledgeBaseId: '={{ $json.knowledgeBaseId }}',
				updateFields: {
					name: '={{ $json.name }} handbook',
					urls: {
						url: [
							{ value: 'https://example.com/a' },
							{ value: '={{ "https://example.com/" + $json.id }}' },
						],
					},
					faqs: {
						faq: [
							{ question: 'Opening hours?', answer: '9 to 5' },
							{ question: 'Who calls?', answer: '={{ $json.name }}' },
						],
					},
					binaryProperties: 'data, sheet',
					additionalFilesBinaryProperties: 'notes',
					additionalFilesField: 'attachments',
					additionalBodyFields:
						'{"urls": ["https://example.com/c", "https://example.com/d"], "priority": 2, "meta": {"source": "crm"}, "tags": ["a", 1]}',
				},
				options: writeOptions,
			},
			items: [leadWithFiles],
		},
	],
	'action.createCallTransfer': [
		{
			name: 'minimal',
			parameters: action('createCallTransfer', {
				actionName: 'To sales',
				actionDescription: 'Transfer to a human',
				transferNumber: '+14155550100',
			}),
		},
		{
			name: 'full',
			parameters: action('createCallTransfer', {
				actionName: '={{ $json.name }} transfer',
				actionDescription: 'Transfer to a human',
				transferNumber: '={{ " " + $json.phone + " " }}',
				transferFields: {
					extensionEnabled: true,
					runBeforeCall: true,
					speech: 'One moment, I am transferring you.',
					additionalBodyFields: '{"webhook.extension": "204", "speech": "Please hold."}',
				},
				options: writeOptions,
			}),
		},
	],
	'action.createEmail': [
		{
			name: 'minimal',
			parameters: action('createEmail', {
				actionName: 'Send brochure',
				actionDescription: 'Email the brochure when asked',
				to: 'ada@example.com',
				from: 'team@example.com',
				fromType: 'gmail',
				userId: 'user_1',
				subject: 'Your brochure',
				body: '<p>Here it is</p>',
			}),
		},
		{
			name: 'full',
			parameters: action('createEmail', {
				actionName: 'Send brochure',
				actionDescription: 'Email the brochure when asked',
				to: '={{ $json.email }}, sales@example.com',
				from: 'team@example.com',
				fromType: ' Gmail ',
				userId: 'user_1',
				subject: '=Your brochure, {{ $json.name }}',
				body: '<p>Here it is</p>',
				emailFields: {
					attachment: '{"url": "https://example.com/brochure.pdf"}',
					bcc: 'audit@example.com',
					cc: 'boss@example.com',
					mandatory: false,
					responseMessageContext: 'I sent the brochure.',
					sendStaticContent: false,
					additionalBodyFields:
						'{"email.reply_to": "support@example.com", "email.cc": "cc@example.com"}',
				},
				options: writeOptions,
			}),
		},
	],
	'action.createSms': [
		{
			name: 'minimal',
			parameters: action('createSms', {
				actionName: 'Text the address',
				actionDescription: 'Send our address by SMS',
				smsTo: '+14155550101',
				provider: 'twilio',
				smsFrom: '+14155550199',
				smsBody: 'We are at 1 Main St.',
			}),
		},
		{
			name: 'full',
			parameters: action('createSms', {
				actionName: 'Text the address',
				actionDescription: 'Send our address by SMS',
				smsTo: '={{ $json.phone }}, +14155550102',
				provider: 'twilio',
				smsFrom: '+14155550199',
				smsBody: '=Hi {{ $json.name }}, we are at 1 Main St.',
				smsFields: {
					cc: '+14155550103, +14155550104',
					mandatory: true,
					responseMessageContext: 'I texted you our address.',
					additionalBodyFields:
						'{"sms.media_url": "https://example.com/map.png", "sms.provider": "VONAGE"}',
				},
				options: writeOptions,
			}),
		},
	],
	'action.createStaffing': [
		{
			name: 'minimal',
			parameters: action('createStaffing', {
				actionName: 'Save candidate',
				actionDescription: 'Upsert the candidate in the ATS',
				integrationType: 'MY_ATS',
				webhookType: 'upsert_candidate',
			}),
		},
		{
			name: 'full',
			parameters: action('createStaffing', {
				actionName: '={{ $json.name }} candidate',
				actionDescription: 'Upsert the candidate in the ATS',
				integrationType: ' my_ats ',
				webhookType: 'upsert_candidate',
				staffingFields: {
					mandatory: true,
					additionalBodyFields:
						'{"webhook.fields.source": "outreach", "webhook.type": "create_candidate"}',
				},
				options: writeOptions,
			}),
		},
	],
	'action.createTelephony': [
		{
			name: 'minimal',
			parameters: action('createTelephony', {
				actionName: 'Bridge the call',
				integrationType: 'MY_PBX',
				fromNumberId: 11,
				toNumberId: 12,
			}),
		},
		{
			name: 'full',
			parameters: action('createTelephony', {
				actionName: 'Bridge the call',
				integrationType: 'MY_PBX',
				fromNumberId: '={{ 10 + 1 }}',
				toNumberId: 12,
				telephonyFields: {
					description: 'Bridge to the on-call number',
					mandatory: true,
					tags: 'sales, follow-up',
					additionalBodyFields: '{"webhook.record": true, "tags": ["vip"]}',
				},
				options: writeOptions,
			}),
		},
	],
	'action.getAll': listCases('action'),
	'assistant.create': [
		{
			name: 'minimal',
			parameters: {
				resource: 'assistant',
				operation: 'create',
				assistantName: 'Appointment setter',
			},
		},
		{
			name: 'full',
			parameters: {
				resource: 'assistant',
				operation: 'create',
				assistantName: '={{ $json.name }} setter',
				assistantFields: {
					actions: ['act_1', 'act_2'],
					description: 'Books appointments',
					model: 'gpt-4o',
					additionalBodyFields: '={{ { "settings.voice": "alloy", model: "gpt-4.1" } }}',
				},
				options: writeOptions,
			},
		},
	],
};

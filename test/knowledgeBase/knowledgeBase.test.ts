import { randomBytes } from 'node:crypto';

import type { INodeExecutionData } from 'n8n-workflow';

import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

async function createKnowledgeBase(name = 'Product FAQ'): Promise<string> {
	const { items, error } = await runOutreach(
		{ resource: 'knowledgeBase', operation: 'create', knowledgeBaseName: name },
		{ credentials: credentials() },
	);
	expect(error).toBeUndefined();
	return items[0].json.id as string;
}

const pdf = Buffer.concat([
	Buffer.from('%PDF-1.7\n'),
	randomBytes(4096),
	Buffer.from([0, 255, 13, 10]),
]);
const csv = Buffer.from('question,answer\r\nhours,9-5\r\n', 'utf8');

const itemWithFiles: INodeExecutionData = {
	json: { source: 'drive' },
	binary: {
		data: { data: pdf.toString('base64'), mimeType: 'application/pdf', fileName: 'pricing.pdf' },
		sheet: { data: csv.toString('base64'), mimeType: 'text/csv', fileName: 'faq.csv' },
	},
};

describe('Knowledge Base → Create', () => {
	it('posts JSON to /v2/_knowledge_base (with the underscore) and outputs id and name', async () => {
		const { items, error } = await runOutreach(
			{
				resource: 'knowledgeBase',
				operation: 'create',
				knowledgeBaseName: 'Product FAQ',
				knowledgeBaseFields: {
					description: 'Answers about pricing',
					urls: 'https://example.com/pricing',
					files: 'pricing.pdf',
					additionalBodyFields: '{"purpose": "sales"}',
				},
			},
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests[0]).toMatchObject({
			method: 'POST',
			rawPath: '/v2/_knowledge_base',
			status: 201,
		});
		expect(sandbox.requests[0].contentType).toMatch(/^application\/json/);
		expect(sandbox.requests[0].body).toEqual({
			name: 'Product FAQ',
			description: 'Answers about pricing',
			urls: 'https://example.com/pricing',
			files: 'pricing.pdf',
			purpose: 'sales',
		});
		expect(items[0].json).toEqual({ id: expect.stringMatching(/^kb_/), name: 'Product FAQ' });
	});
});

describe('Knowledge Base → Update', () => {
	it('sends two binary files, two URLs and two FAQ pairs as one multipart request, files byte-for-byte', async () => {
		const id = await createKnowledgeBase();
		sandbox.clearRequests();
		const { items, error } = await runOutreach(
			{
				resource: 'knowledgeBase',
				operation: 'update',
				knowledgeBaseId: id,
				updateFields: {
					name: 'Product FAQ v2',
					binaryProperties: 'data, sheet',
					urls: { url: [{ value: 'https://example.com/a' }, { value: 'https://example.com/b' }] },
					faqs: {
						faq: [
							{ question: 'Opening hours?', answer: '9 to 5' },
							{ question: 'Refunds?', answer: 'Within 30 days' },
						],
					},
				},
			},
			{ credentials: credentials(), items: [itemWithFiles] },
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		const [request] = sandbox.requests;
		expect(request).toMatchObject({
			method: 'PUT',
			rawPath: `/v2/_knowledgebase/${id}`,
			status: 200,
		});
		expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
		expect(
			request.files.map(({ field, fileName, mimeType }) => ({ field, fileName, mimeType })),
		).toEqual([
			{ field: 'files', fileName: 'pricing.pdf', mimeType: 'application/pdf' },
			{ field: 'files', fileName: 'faq.csv', mimeType: 'text/csv' },
		]);
		expect(request.files[0].content.equals(pdf)).toBe(true);
		expect(request.files[1].content.equals(csv)).toBe(true);
		expect(request.body).toMatchObject({
			name: 'Product FAQ v2',
			urls: ['https://example.com/a', 'https://example.com/b'],
			faqs: [
				JSON.stringify({ question: 'Opening hours?', answer: '9 to 5' }),
				JSON.stringify({ question: 'Refunds?', answer: 'Within 30 days' }),
			],
		});
		expect(items[0].json).toEqual({ id, name: 'Product FAQ v2', document_count: 6 });
	});

	it('sends the further file list under its default field name, which the user can change', async () => {
		const id = await createKnowledgeBase();
		sandbox.clearRequests();
		await runOutreach(
			{
				resource: 'knowledgeBase',
				operation: 'update',
				knowledgeBaseId: id,
				updateFields: { binaryProperties: 'data', additionalFilesBinaryProperties: 'sheet' },
			},
			{ credentials: credentials(), items: [itemWithFiles] },
		);
		expect(sandbox.requests[0].status).toBe(200);
		expect(sandbox.requests[0].files.map((file) => file.field)).toEqual([
			'files',
			'additional_files',
		]);

		sandbox.clearRequests();
		await runOutreach(
			{
				resource: 'knowledgeBase',
				operation: 'update',
				knowledgeBaseId: id,
				updateFields: {
					binaryProperties: '',
					additionalFilesBinaryProperties: 'sheet',
					additionalFilesField: 'attachments',
				},
			},
			{ credentials: credentials(), items: [itemWithFiles] },
		);
		// The contract knows only our assumed name, so the sandbox refuses the renamed field: proof it was sent.
		expect(sandbox.requests[0].status).toBe(400);
		expect(sandbox.requests[0].files.map((file) => file.field)).toEqual(['attachments']);
	});

	it('sends Additional Body Fields as further form fields', async () => {
		const id = await createKnowledgeBase();
		sandbox.clearRequests();
		await runOutreach(
			{
				resource: 'knowledgeBase',
				operation: 'update',
				knowledgeBaseId: id,
				updateFields: {
					binaryProperties: '',
					name: 'Renamed',
					additionalBodyFields: '{"purpose": "support", "faqs": ["extra pair"]}',
				},
			},
			{ credentials: credentials(), items: [itemWithFiles] },
		);
		// "faqs" is a field the contract knows, so it is accepted; "purpose" is not, so the sandbox refuses it,
		// which shows both reached the wire.
		expect(sandbox.requests[0].body).toMatchObject({
			name: 'Renamed',
			purpose: 'support',
			faqs: 'extra pair',
		});
		expect(sandbox.requests[0].status).toBe(400);
	});

	it.each([
		[
			'Additional Body Fields that are not an object',
			{ binaryProperties: '', additionalBodyFields: '["a"]' },
			'Additional Body Fields: must be a JSON object of form fields',
		],
		[
			'a binary property the item does not have',
			{ binaryProperties: 'data, missing' },
			'Files (Binary Properties): the input item has no binary property "missing"',
		],
		[
			'an FAQ pair without an answer',
			{ binaryProperties: '', faqs: { faq: [{ question: 'Q?', answer: '' }] } },
			'FAQ Pairs (pair 1): needs both a question and an answer',
		],
		['nothing to update', { binaryProperties: '' }, 'Update Fields: add at least one of'],
	])(
		'%s is an error naming the field, and nothing is sent',
		async (_case, updateFields, message) => {
			const { error } = await runOutreach(
				{ resource: 'knowledgeBase', operation: 'update', knowledgeBaseId: 'kb_1', updateFields },
				{ credentials: credentials(), items: [itemWithFiles] },
			);
			expect(error?.message).toContain(message);
			expect(sandbox.requests).toHaveLength(0);
		},
	);
});

describe('Knowledge Base → Get and Delete', () => {
	it('reads from and deletes at /v2/_knowledgebase/{id} (no underscore)', async () => {
		const id = await createKnowledgeBase('Handbook');
		const read = await runOutreach(
			{ resource: 'knowledgeBase', operation: 'get', knowledgeBaseId: id },
			{ credentials: credentials() },
		);
		expect(sandbox.requests.at(-1)).toMatchObject({
			method: 'GET',
			rawPath: `/v2/_knowledgebase/${id}`,
			status: 200,
		});
		expect(read.items[0].json).toMatchObject({ id, name: 'Handbook' });

		const removed = await runOutreach(
			{ resource: 'knowledgeBase', operation: 'delete', knowledgeBaseId: id },
			{ credentials: credentials() },
		);
		expect(sandbox.requests.at(-1)).toMatchObject({
			method: 'DELETE',
			rawPath: `/v2/_knowledgebase/${id}`,
			status: 200,
		});
		expect(removed.items[0].json).toEqual({ id, deleted: true });
	});
});

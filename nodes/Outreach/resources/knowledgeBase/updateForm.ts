import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { FAQ_PAIR_KEYS, KNOWLEDGE_BASE_EXTRA_FILES_FIELD } from '../../shared/constants';
import { fieldError } from '../../shared/errors';
import { readAdditionalBodyFields } from '../../fields/additionalFields';
import { commaSeparated } from '../../shared/lists';
import { binaryFile, formBody } from '../../shared/multipart';

/** Knowledge Base → Update's body: the form's fields and the item's files as multipart/form-data. */

/** The escape hatch as form fields: a list value repeats the field, other values are sent as JSON text. */
function additionalFormFields(context: IExecuteSingleFunctions): Array<[string, string]> {
	const extra =
		readAdditionalBodyFields(
			context,
			'updateFields.additionalBodyFields',
			'a JSON object of form fields',
		) ?? {};
	return Object.entries(extra).flatMap(([key, value]) => {
		if (key.trim() === '')
			throw fieldError(context, 'Additional Body Fields', 'a field name is empty');
		return (Array.isArray(value) ? value : [value]).map((entry): [string, string] => [
			key,
			typeof entry === 'string' ? entry : JSON.stringify(entry),
		]);
	});
}

/** The multipart/form-data body of the update: name, URLs, FAQ pairs, further fields, then the files. */
export async function sendUpdateForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: Array<[string, string]> = [];
	const name = String(this.getNodeParameter('updateFields.name', '') ?? '').trim();
	if (name) fields.push(['name', name]);

	const urls = this.getNodeParameter('updateFields.urls.url', []) as Array<{ value?: string }>;
	for (const url of urls) {
		const value = String(url.value ?? '').trim();
		if (value) fields.push(['urls', value]);
	}
	const faqs = this.getNodeParameter('updateFields.faqs.faq', []) as Array<{
		question?: string;
		answer?: string;
	}>;
	faqs.forEach((faq, index) => {
		const question = String(faq.question ?? '').trim();
		const answer = String(faq.answer ?? '').trim();
		if (!question || !answer) {
			throw fieldError(
				this,
				`FAQ Pairs (pair ${index + 1})`,
				'needs both a question and an answer',
			);
		}
		fields.push([
			'faqs',
			JSON.stringify({ [FAQ_PAIR_KEYS.question]: question, [FAQ_PAIR_KEYS.answer]: answer }),
		]);
	});
	fields.push(...additionalFormFields(this));

	const files: Array<[string, File]> = [];
	for (const property of commaSeparated(
		this.getNodeParameter('updateFields.binaryProperties', ''),
	)) {
		files.push(['files', await binaryFile(this, property, 'Files (Binary Properties)')]);
	}
	const extraFilesField =
		String(this.getNodeParameter('updateFields.additionalFilesField', '') ?? '').trim() ||
		KNOWLEDGE_BASE_EXTRA_FILES_FIELD;
	const extraFiles = commaSeparated(
		this.getNodeParameter('updateFields.additionalFilesBinaryProperties', ''),
	);
	for (const property of extraFiles) {
		files.push([
			extraFilesField,
			await binaryFile(this, property, 'Additional Files (Binary Properties)'),
		]);
	}

	if (fields.length === 0 && files.length === 0) {
		throw fieldError(
			this,
			'Update Fields',
			'add at least one of Name, Files, URLs, FAQ Pairs, Additional Files or Additional Body Fields',
		);
	}
	requestOptions.body = formBody(fields, files);
	requestOptions.json = false;
	return requestOptions;
}

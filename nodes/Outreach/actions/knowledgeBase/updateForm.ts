import type { ItemForm } from '../operation';
import { readAdditionalBodyFields } from '../../fields/additionalFields';
import { FAQ_PAIR_KEYS, KNOWLEDGE_BASE_EXTRA_FILES_FIELD } from '../../shared/constants';
import { commaSeparated } from '../../shared/lists';
import { binaryFile, formBody } from './files';

/** The escape hatch as form fields: a list repeats the field, other values go as JSON text. */
function additionalFormFields(form: ItemForm): Array<[string, string]> {
	const extra =
		readAdditionalBodyFields(
			form,
			'updateFields.additionalBodyFields',
			'a JSON object of form fields',
		) ?? {};
	return Object.entries(extra).flatMap(([key, value]) => {
		if (key.trim() === '') throw form.error('Additional Body Fields', 'a field name is empty');
		return (Array.isArray(value) ? value : [value]).map((entry): [string, string] => [
			key,
			typeof entry === 'string' ? entry : JSON.stringify(entry),
		]);
	});
}

/** The update's body: name, URLs, FAQ pairs, further fields, then the files. */
export async function updateForm(form: ItemForm): Promise<FormData> {
	const fields: Array<[string, string]> = [];
	const name = String(form.value('updateFields.name', '') ?? '').trim();
	if (name) fields.push(['name', name]);

	const urls = form.value('updateFields.urls.url', []) as Array<{ value?: string }>;
	for (const url of urls) {
		const value = String(url.value ?? '').trim();
		if (value) fields.push(['urls', value]);
	}
	const faqs = form.value('updateFields.faqs.faq', []) as Array<{
		question?: string;
		answer?: string;
	}>;
	faqs.forEach((faq, index) => {
		const question = String(faq.question ?? '').trim();
		const answer = String(faq.answer ?? '').trim();
		if (!question || !answer) {
			throw form.error(`FAQ Pairs (pair ${index + 1})`, 'needs both a question and an answer');
		}
		fields.push([
			'faqs',
			JSON.stringify({ [FAQ_PAIR_KEYS.question]: question, [FAQ_PAIR_KEYS.answer]: answer }),
		]);
	});
	fields.push(...additionalFormFields(form));

	const files: Array<[string, File]> = [];
	for (const property of commaSeparated(form.value('updateFields.binaryProperties', '')))
		files.push(['files', await binaryFile(form, property, 'Files (Binary Properties)')]);
	const extraFilesField =
		String(form.value('updateFields.additionalFilesField', '') ?? '').trim() ||
		KNOWLEDGE_BASE_EXTRA_FILES_FIELD;
	const extraFiles = commaSeparated(form.value('updateFields.additionalFilesBinaryProperties', ''));
	for (const property of extraFiles) {
		const file = await binaryFile(form, property, 'Additional Files (Binary Properties)');
		files.push([extraFilesField, file]);
	}

	if (fields.length === 0 && files.length === 0) {
		throw form.error(
			'Update Fields',
			'add at least one of Name, Files, URLs, FAQ Pairs, Additional Files or Additional Body Fields',
		);
	}
	return formBody(fields, files);
}

import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import type { ItemForm } from '../operation';

/** A multiple of 3, so that base64 decodes in whole chunks. */
const CHUNK_BYTES = 3 * 1024 * 1024;

const BINARY_DATA_HINT =
	'In queue mode every process must read the same binary data: use binary data mode "database" (the default of n8n 2.x in queue mode), S3, or a filesystem path shared by all n8n processes. See https://github.com/n8n-nodes-outreach/n8n-nodes-outreach/blob/main/docs/queue-mode.md';

/** A binary property as a Blob, chunk by chunk: a Blob of a Blob does not copy it. */
async function readBlob(context: IExecuteFunctions, binary: IBinaryData): Promise<Blob> {
	let blob = new Blob([]);
	if (binary.id) {
		const stream = await context.helpers.getBinaryStream(binary.id, CHUNK_BYTES);
		for await (const chunk of stream as AsyncIterable<Uint8Array>) blob = new Blob([blob, chunk]);
		return blob;
	}
	const base64 = binary.data;
	const step = (CHUNK_BYTES / 3) * 4;
	for (let offset = 0; offset < base64.length; offset += step) {
		blob = new Blob([blob, Buffer.from(base64.slice(offset, offset + step), 'base64')]);
	}
	return blob;
}

/** One binary property of the input item as a file to upload. */
export async function binaryFile(
	form: ItemForm,
	propertyName: string,
	fieldLabel: string,
): Promise<File> {
	const { context, index } = form;
	const available = Object.keys(context.getInputData()[index]?.binary ?? {});
	if (!available.includes(propertyName)) {
		throw form.error(
			fieldLabel,
			`the input item has no binary property "${propertyName}"`,
			available.length
				? `Its binary properties: ${available.join(', ')}.`
				: 'The input item has no binary data.',
		);
	}
	const binary = context.helpers.assertBinaryData(index, propertyName);
	let content: Blob;
	try {
		content = await readBlob(context, binary);
	} catch (error) {
		throw form.error(
			fieldLabel,
			`the binary data of "${propertyName}" cannot be read in this n8n process (${(error as Error).message})`,
			BINARY_DATA_HINT,
		);
	}
	return new File([content], binary.fileName ?? propertyName, {
		type: binary.mimeType || 'application/octet-stream',
	});
}

/** A multipart/form-data body, streamed by n8n's HTTP client: the files are never one buffer. */
export function formBody(fields: Array<[string, string]>, files: Array<[string, File]>): FormData {
	const form = new FormData();
	for (const [name, value] of fields) form.append(name, value);
	for (const [name, file] of files) form.append(name, file);
	return form;
}

export interface MultipartFile {
	field: string;
	fileName: string;
	mimeType: string;
	content: Buffer;
}

/**
 * Encodes fields and files as multipart/form-data with the platform's own FormData, returning the
 * bytes and the Content-Type (with its boundary) to send them with.
 */
export async function encodeMultipart(
	fields: Array<[string, string]>,
	files: MultipartFile[],
): Promise<{ body: Buffer; contentType: string }> {
	const form = new FormData();
	for (const [name, value] of fields) form.append(name, value);
	for (const file of files) {
		form.append(file.field, new Blob([file.content], { type: file.mimeType }), file.fileName);
	}
	const encoded = new Response(form);
	const contentType = encoded.headers.get('content-type');
	if (!contentType) throw new Error('FormData produced no content type');
	return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}

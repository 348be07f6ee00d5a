import { createHash } from 'node:crypto';

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

export function formFields(form: FormData): IDataObject[] {
	return [...form.entries()].map(([name, value]) =>
		typeof value === 'string'
			? { name, value }
			: { name, file: value.name, size: value.size, type: value.type },
	);
}

/** What stands for a text where the text itself is not kept: its SHA-256, in hex. */
export function digest(text: string): string {
	return createHash('sha256').update(text).digest('hex');
}

/** Free text as people mean it: spaces collapsed, trimmed, case folded. */
export function foldText(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim().toLowerCase();
	if (Array.isArray(value)) return value.map(foldText);
	if (typeof value === 'object' && value !== null)
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, foldText(entry)]));
	return value;
}

/** What makes a request this request, its text folded ("Jane Doe" is " jane  doe"), as a digest. */
export function requestKey(request: IHttpRequestOptions, body: unknown): string {
	const { method, baseURL, url, qs, headers } = request;
	const folded = foldText(body instanceof FormData ? formFields(body) : body);
	return digest(JSON.stringify([method ?? 'GET', baseURL, url, qs, headers, folded]));
}

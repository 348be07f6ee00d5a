import type { IHttpRequestOptions } from 'n8n-workflow';

/** A form's fields, with each file as its name, size and type. */
function formEntries(form: FormData): unknown[] {
	return [...form.entries()].map(([name, value]) =>
		typeof value === 'string'
			? [name, value]
			: [name, { file: value.name, size: value.size, type: value.type }],
	);
}

/** A 53-bit hash of a text (cyrb53); another `seed`, another hash. */
function hash(text: string, seed: number): string {
	let h1 = 0xdeadbeef ^ seed;
	let h2 = 0x41c6ce57 ^ seed;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		h1 = Math.imul(h1 ^ code, 2654435761);
		h2 = Math.imul(h2 ^ code, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Two independent 53-bit hashes of a text: what stands for it where the text itself is not kept. */
export function digest(text: string): string {
	return `${hash(text, 0)}.${hash(text, 0x9e3779b9)}`;
}

/** Free text as people mean it: spaces collapsed, trimmed, case folded. */
function foldText(value: unknown): unknown {
	if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim().toLowerCase();
	if (Array.isArray(value)) return value.map(foldText);
	if (typeof value === 'object' && value !== null)
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, foldText(entry)]));
	return value;
}

/**
 * What makes a request this request: method, address, query, headers and `body` (as it is sent), its text
 * compared as people mean it ("Jane Doe" and " jane  doe" are one name), as two independent 53-bit
 * hashes, so that two different calls of one execution are not taken for the same.
 */
export function requestFingerprint(request: IHttpRequestOptions, body: unknown): string {
	const { method, baseURL, url, qs, headers } = request;
	return digest(
		JSON.stringify([
			method ?? 'GET',
			baseURL,
			url,
			qs,
			headers,
			foldText(body instanceof FormData ? formEntries(body) : body),
		]),
	);
}

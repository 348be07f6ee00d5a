import type { IHttpRequestOptions } from 'n8n-workflow';

import { isPlainObject } from '../shared/objectPaths';
import { fieldBlock, type Block } from './blocks';

/** A value JSON cannot carry as it is, and where it sits in the body. */
interface WireProblem {
	path: string;
	problem: string;
}

class NotJson extends Error {
	constructor(readonly found: WireProblem) {
		super(found.problem);
	}
}

const joined = (path: string, key: string) => (path ? `${path}.${key}` : key);

function lossOf(value: unknown, inList: boolean): string | undefined {
	if (typeof value === 'function') return 'is a function';
	if (typeof value === 'symbol') return 'is a symbol';
	if (typeof value === 'bigint') return 'is a BigInt';
	if (typeof value === 'number' && !Number.isFinite(value)) return `is ${value}`;
	if (value === undefined && inList) return 'is undefined inside a list';
	return undefined;
}

/** Code anywhere in the body (a `toJSON` included) is blocked, not sent as whatever it returns. */
function findCode(value: unknown, path: string, seen: Set<object>): void {
	if (typeof value !== 'object' || value === null || seen.has(value)) return;
	seen.add(value);
	const list = Array.isArray(value);
	for (const [key, entry] of Object.entries(value)) {
		const at = list ? `${path}[${key}]` : joined(path, key);
		const loss = lossOf(entry, list);
		if (loss) throw new NotJson({ path: at, problem: loss });
		findCode(entry, at, seen);
	}
}

/**
 * A JSON body serialised once and parsed back, so that what is checked is what is sent, whatever a
 * getter or `toJSON` does; or what in it JSON cannot carry.
 */
function wireBody(body: unknown): { wire: { text: string; sent: unknown } } | WireProblem {
	try {
		findCode(body, '', new Set());
		const text = JSON.stringify(body, function (this: unknown, key: string, value: unknown) {
			const loss = lossOf(value, Array.isArray(this));
			if (loss) throw new NotJson({ path: key, problem: loss });
			return value;
		});
		return { wire: { text, sent: JSON.parse(text) as unknown } };
	} catch (error) {
		if (error instanceof NotJson) return error.found;
		return { path: '', problem: `cannot be sent as JSON (${(error as Error).message})` };
	}
}

/** Turns a request's JSON body into the text sent, returning it parsed back, or blocks it. */
export function serialiseBody(request: IHttpRequestOptions): { sent: unknown } | { block: Block } {
	// The transport sends a non-empty plain object as JSON text; any other body as it is.
	if (!isPlainObject(request.body) || !Object.keys(request.body).length)
		return { sent: request.body };
	const serialised = wireBody(request.body);
	if (!('wire' in serialised)) {
		return {
			block: fieldBlock(
				'Request body',
				`${serialised.path || 'the body'} ${serialised.problem}, which JSON cannot carry`,
				'Nothing was sent. Each field of the body must be text, a number, true/false, a list or an object; check the expressions, Additional Body Fields included.',
			),
		};
	}
	request.body = serialised.wire.text;
	request.headers = { ...request.headers, 'Content-Type': 'application/json' };
	return { sent: serialised.wire.sent };
}

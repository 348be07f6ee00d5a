import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
	NodeOperationError,
} from 'n8n-workflow';

import type { Destination } from '../shared/destinations';

// How an operation is declared; run/ sends every operation from its declaration.

/** One item's form, as a request is built from it: its values, and errors naming a field. */
export interface ItemForm {
	readonly context: IExecuteFunctions;
	readonly index: number;
	value(path: string, fallback?: unknown): unknown;
	error(field: string, problem: string, hint?: string): NodeOperationError;
}

/** What a check makes of the value a field sent: the value to send instead, or its problem. */
export type Check = (
	value: unknown,
	form: ItemForm,
) => { value: unknown } | { problem: string; hint?: string };

/** A field's part: its value set at the dotted path `to`, then its check and what it `build`s. */
interface Send {
	to?: string;
	check?: Check;
	build?: (body: IDataObject, form: ItemForm, path: string) => void | Promise<void>;
}

export type Field = INodeProperties & { send?: Send };

/**
 * What a write places and whom it reaches: a call's lead, or a campaign's customers (at `people`,
 * each one's number at `number`), told apart by the text at the `lead` paths, folded.
 */
export type Places =
	| { what: 'call'; lead: string[] }
	| { what: 'campaign'; lead: string[]; people: string; number: string };

/** The rules of a request that changes data. */
export interface Write {
	/** What may have happened when it fails without a clear answer, and how to check. */
	unknownOutcome: string;
	/** Numbers the service dials or messages: Allowed Destinations apply. */
	destinations?: Destination[];
	/** Counted toward the cap; nothing identical is placed twice. */
	places?: Places;
	/** The parameter naming the recipient's time zone: Calling Hours apply. */
	callingHours?: { recipientZone: string };
}

/** A `{placeholder}` of the path, the field that fills it, and the body key that repeats it. */
type PathId = { field: INodeProperties; alsoInBody?: string };

export interface Operation {
	option: INodePropertyOptions & { action: string; description: string };
	fields: Field[];
	request: {
		method: IHttpRequestMethods;
		/** As the service writes it, e.g. /v2/_voicecalls/{agent_id}/makeCall. */
		path: string;
		ids?: Record<string, PathId>;
		body?: IDataObject;
		/** A multipart/form-data body instead of JSON. */
		form?: (form: ItemForm) => Promise<FormData>;
	};
	/** `list`: a list read page by page, one item per record. */
	output?: 'list';
	write?: Write;
}

// The shapes several resources' operations share.

function option(name: string, value: string, action: string, description: string) {
	return { name, value, action, description };
}

/** The path's one `{placeholder}`, filled by `id`. */
const idsOf = (path: string, id: INodeProperties) => ({
	[/\{(\w+)\}/.exec(path)?.[1] ?? '']: { field: id },
});

/** Get Many of a list, read page by page; `records` names them, e.g. "campaigns". */
export function getMany(records: string, path: string): Operation {
	return {
		option: option('Get Many', 'getAll', `Get many ${records}`, `List ${records}, page by page`),
		request: { method: 'GET', path },
		output: 'list',
		fields: [],
	};
}

/** Get of one `record`, e.g. "campaign", by its ID. */
export function getOne(record: string, path: string, id: INodeProperties): Operation {
	return {
		option: option('Get', 'get', `Get a ${record}`, `Read one ${record} by ID`),
		request: { method: 'GET', path, ids: idsOf(path, id) },
		fields: [id],
	};
}

/** Delete of one `record` by its ID; `unknownOutcome` says how to check. */
export function deleteOne(
	record: string,
	path: string,
	id: INodeProperties,
	unknownOutcome: string,
): Operation {
	return {
		option: option('Delete', 'delete', `Delete a ${record}`, `Delete one ${record} by ID`),
		request: { method: 'DELETE', path, ids: idsOf(path, id) },
		write: { unknownOutcome },
		fields: [id],
	};
}

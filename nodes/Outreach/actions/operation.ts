import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeProperties,
	INodePropertyOptions,
	NodeOperationError,
} from 'n8n-workflow';

import type { Destination } from '../shared/destinations';

/**
 * How an operation is declared: its dropdown entry, its form fields and what each sends where, its
 * request (method, path, constant body fields) and how the answer becomes output. The node runs every
 * operation from its declaration (run/build.ts builds the request, run/ sends it); an operation
 * file holds nothing else.
 */

/** One item's form, as a request is built from it. */
export interface ItemForm {
	readonly context: IExecuteFunctions;
	readonly index: number;
	/** A parameter's value for this item, its expressions evaluated. */
	value(path: string, fallback?: unknown): unknown;
	/** An error about one field of this item, raised before anything is sent. */
	error(field: string, problem: string, hint?: string): NodeOperationError;
}

/** What a check makes of the value a field sent: the value to send instead, or its problem. */
export type Check = (
	value: unknown,
	form: ItemForm,
) => { value: unknown } | { problem: string; hint?: string };

/**
 * How a field takes part in the request. Every field's value is set first, in form order; then the
 * checks and the parts built from the form run, in form order too.
 */
export interface Send {
	/** Where its value goes in the JSON body: a dotted path. */
	to?: string;
	/** What the value at `to` becomes, or its problem. */
	check?: Check;
	/** A part of the body built from the form (rows, a default); `path` is the field's parameter. */
	build?: (body: IDataObject, form: ItemForm, path: string) => void | Promise<void>;
}

/** A form field, and what it sends. */
export type Field = INodeProperties & { send?: Send };

/**
 * What an operation places with one request, and whom it reaches, by body paths: a call to a lead,
 * or a campaign reaching each of its customers (a list at `people`, each one's number at `number`).
 * Two writes reach the same lead when what is at the `lead` paths (and the customer's number) is the
 * same, text compared with spaces collapsed and case folded.
 */
export type Places =
	| { what: 'call'; lead: string[] }
	| { what: 'campaign'; lead: string[]; people: string; number: string };

/** The rules of a request that changes data. */
export interface Write {
	/** What may have happened when it fails without a clear answer, and how to check. */
	unknownOutcome: string;
	/** Where the body holds numbers the service dials or messages: Allowed Destinations apply. */
	destinations?: Destination[];
	/** What it places: counted toward the cap, and nothing identical is placed twice. */
	places?: Places;
	/** The parameter naming the time zone of the person called: Calling Hours apply. */
	callingHours?: { recipientZone: string };
}

/** A `{placeholder}` of the path, the field that fills it, and the body key that repeats it. */
export interface PathId {
	field: INodeProperties;
	alsoInBody?: string;
}

export interface Operation {
	resource: string;
	/** Its entry in the resource's Operation dropdown. */
	option: INodePropertyOptions & { action: string; description: string };
	fields: Field[];
	request: {
		method: IHttpRequestMethods;
		/** The path as the service writes it, e.g. /v2/_voicecalls/{agent_id}/makeCall. */
		path: string;
		ids?: Record<string, PathId>;
		/** Body fields every request of the operation carries. */
		body?: IDataObject;
		/** A multipart/form-data body built from the form, instead of JSON. */
		form?: (form: ItemForm) => Promise<FormData>;
	};
	/** `list`: the answer is a list read page by page, one item per record. Else one record. */
	output?: 'list';
	/** Present on a request that changes data. */
	write?: Write;
}

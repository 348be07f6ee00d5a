import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import express, { type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';

import { SPEC_PATH } from '../repo';
import { retryAfterHeader, type RetryAfterStyle } from '../retryAfter';
import { Store, type Collection, type JsonObject } from './store';

export const DEFAULT_TOKEN = 'sandbox-token';

interface RecordedFile {
	field: string;
	fileName: string;
	mimeType: string;
	content: Buffer;
}

interface RecordedRequest {
	method: string;
	/** The path as it arrived on the wire, before any percent-decoding. */
	rawPath: string;
	query: Record<string, unknown>;
	headers: Record<string, string | string[] | undefined>;
	contentType: string | undefined;
	/** The body as sent: parsed JSON as it arrived (before the validator fills in defaults), or the multipart fields. */
	body: unknown;
	files: RecordedFile[];
	/** Status code the sandbox answered with; undefined when the connection was dropped. */
	status?: number;
	/** When the request arrived (Date.now()). */
	receivedAt: number;
	/**
	 * When it was answered or its connection closed; until then `status` and `files` are not filled
	 * in, and a multipart body is still empty.
	 */
	endedAt?: number;
}

/** The route of Make Call, for a fault aimed at calls only (see `Fault.route`). */
export const MAKE_CALL_ROUTE = 'POST /v2/_voicecalls/';

export type Fault = (
	| { kind: 'status'; status: number; message?: string; retryAfterSeconds?: number }
	| { kind: 'html'; status?: number }
	| { kind: 'slow'; delayMs: number }
	| { kind: 'drop' }
	/** The request is validated and served as usual (a call is placed), then the answer is lost. */
	| { kind: 'lostAnswer' }
) & {
	/**
	 * The start of `METHOD /path` of the request the fault waits for, such as `POST /v2/_voicecalls/`;
	 * other requests (a trigger's poll, an editor's list) pass it by. Undefined: the next request.
	 */
	route?: string;
};

/**
 * A limit like a real service's: `perSecond` requests a second, as a bucket that refills at that rate
 * (the default) or as fixed windows of one clock second each; a request beyond is refused with 429,
 * saying when the budget is back in `retryAfter` style, and does nothing.
 */
export interface RateLimit {
	perSecond: number;
	window?: 'bucket' | 'fixed';
	retryAfter?: RetryAfterStyle;
}

/**
 * A limit on requests in progress, like a calling service's plan: each admitted request takes
 * `serviceMs` to answer, and one that arrives while `concurrent` are in progress is refused with 429
 * and `Retry-After: 1`, and does nothing.
 */
interface ConcurrencyLimit {
	concurrent: number;
	serviceMs: number;
}

export interface SandboxOptions {
	token?: string;
	/** Refuse requests beyond this rate, as a rate-limited service does (off by default). */
	rateLimit?: RateLimit;
	/** Refuse requests beyond this many in progress (off by default). */
	concurrencyLimit?: ConcurrencyLimit;
	/** Answer every request after this long, without any limit: a slow service (off by default). */
	delayMs?: number;
	seedCustomers?: number;
	/** Keep every request for inspection (default); off, the sandbox only counts them. */
	recording?: boolean;
	/** Seed what the example workflows need (a knowledge base kb_support). */
	seedExamples?: boolean;
	/** Called with one line per request once it is answered: method, path, status. */
	log?: (line: string) => void;
}

const ctxId = () => randomUUID();

function firstValue(value: unknown): string | undefined {
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined ? undefined : String(value);
}

/** A request while the sandbox records it: its entry in `requests`. */
type RecordingRequest = Request & { recorded?: RecordedRequest };

function safeJsonParse(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function asList(value: unknown): string[] {
	if (value === undefined || value === '') return [];
	return Array.isArray(value) ? value.map(String) : [String(value)];
}

/**
 * A stateful stand-in for the outreach service that enforces the contract in spec/: every request is
 * validated by express-openapi-validator before a handler sees it.
 */
export class Sandbox {
	readonly store = new Store();
	readonly requests: RecordedRequest[] = [];
	readonly token: string;
	private readonly faults: Fault[] = [];
	private rateLimit?: RateLimit;
	private bucket = { tokens: 0, at: 0 };
	private fixedWindow = { second: 0, admitted: 0 };
	private readonly delayMs: number;
	private readonly concurrencyLimit?: ConcurrencyLimit;
	/** Requests the concurrency limit admitted and that are not answered yet. */
	private inProgress = 0;
	/** Requests refused with 429 by the rate limit since the last clearRequests(). */
	refused = 0;
	private server?: Server;
	private inFlight = 0;
	/** Most requests the sandbox was handling at the same moment since the last clearRequests(). */
	maxInFlight = 0;
	/**
	 * Most client connections opened since the last clearRequests() that were open at once. The
	 * sandbox answers each request synchronously, so this, not maxInFlight, shows how many requests a
	 * client had in flight. Connections opened before (still closing, or kept alive) do not count.
	 */
	maxOpenConnections = 0;
	private openConnections = 0;
	/** Counts clearRequests(): a connection counts only in the period it was opened in. */
	private period = 0;
	/** Whether to keep every request (tests) or only count them (benchmarks, where memory matters). */
	readonly recording: boolean;
	private requestCount = 0;

	constructor(options: SandboxOptions = {}) {
		this.token = options.token ?? DEFAULT_TOKEN;
		this.limitRate(options.rateLimit);
		this.concurrencyLimit = options.concurrencyLimit;
		this.delayMs = options.delayMs ?? 0;
		this.recording = options.recording ?? true;
		if (options.seedCustomers) this.store.seedCustomers(options.seedCustomers);
		if (options.seedExamples) this.store.seedExampleData();
		this.log = options.log;
	}

	private readonly log?: (line: string) => void;

	/** From now on, refuse requests beyond `limit` with 429 (a full bucket to start); undefined: no limit. */
	limitRate(limit: RateLimit | undefined): void {
		this.rateLimit = limit;
		this.bucket = { tokens: limit?.perSecond ?? 0, at: Date.now() };
		this.fixedWindow = { second: 0, admitted: 0 };
	}

	/**
	 * Requests to come fail as described instead of being served, one fault each: each request takes
	 * the first fault, in the order injected, whose route it matches (any request, for a fault without).
	 */
	injectFaults(...faults: Fault[]): void {
		const unmatchable = faults.find(
			({ route }) => route !== undefined && !/^[A-Z]+ \//.test(route),
		);
		if (unmatchable) throw new Error(`A fault's route is "METHOD /path": "${unmatchable.route}"`);
		this.faults.push(...faults);
	}

	clearRequests(): void {
		this.requests.length = 0;
		this.requestCount = 0;
		this.faults.length = 0;
		this.maxInFlight = 0;
		this.refused = 0;
		this.period++;
		this.openConnections = 0;
		this.maxOpenConnections = 0;
	}

	/** Requests received since the last clearRequests(), recorded or only counted. */
	get requestTotal(): number {
		return this.recording ? this.requests.length : this.requestCount;
	}

	private countInFlight(res: Response, next: NextFunction): void {
		this.requestCount++;
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
		res.on('close', () => this.inFlight--);
		next();
	}

	get url(): string {
		const address = this.server?.address() as AddressInfo | null | undefined;
		if (!address) throw new Error('Sandbox is not started');
		return `http://127.0.0.1:${address.port}`;
	}

	async start(port = 0, host = '127.0.0.1'): Promise<string> {
		const app = this.createApp();
		await new Promise<void>((resolve, reject) => {
			this.server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve()));
		});
		this.server!.keepAliveTimeout = 5_000;
		this.server!.on('connection', (socket) => {
			const period = this.period;
			this.openConnections++;
			this.maxOpenConnections = Math.max(this.maxOpenConnections, this.openConnections);
			socket.on('close', () => {
				if (this.period === period) this.openConnections--;
			});
		});
		return this.url;
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		this.server = undefined;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	/**
	 * The service's routes this sandbox answers, as registered with express ("GET /v2/_campaigns/{campaign_id}"),
	 * without its own control paths: a test holds them against the OpenAPI file.
	 */
	serviceRoutes(): string[] {
		const layers = (this.createApp() as unknown as { router: { stack: RouteLayer[] } }).router
			.stack;
		return layers.flatMap(({ route }) =>
			route && !route.path.startsWith('/__sandbox/')
				? Object.keys(route.methods).map(
						(method) => `${method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
					)
				: [],
		);
	}

	private createApp() {
		const app = express();
		app.disable('x-powered-by');
		app.set('query parser', 'extended');

		// Control path for a test or benchmark driving the sandbox from another process; not part of the service.
		app.get('/__sandbox/stats', (_req, res) => {
			res.json({
				requests: this.requestTotal,
				refused: this.refused,
				maxInFlight: this.maxInFlight,
				maxOpenConnections: this.maxOpenConnections,
				customers: this.store.customers.size,
			});
		});
		app.post('/__sandbox/clear', (_req, res) => {
			this.clearRequests();
			res.json({ cleared: true });
		});
		if (this.log) {
			const log = this.log;
			app.use((req, res, next) => {
				const started = Date.now();
				res.on('close', () => {
					const status = res.headersSent ? res.statusCode : 'dropped';
					log(`${req.method} ${req.originalUrl} → ${status} (${Date.now() - started} ms)`);
				});
				next();
			});
		}
		app.use((req, res, next) =>
			this.recording ? this.record(req, res, next) : this.countInFlight(res, next),
		);
		app.use(
			express.json({
				limit: '10mb',
				// A JSON body goes on record as it arrived, as soon as it is read: before a slow answer or a
				// dropped connection, and also when it is not valid JSON.
				verify: (req, _res, raw) => {
					const { recorded } = req as RecordingRequest;
					if (recorded && raw.length > 0) recorded.body = safeJsonParse(raw.toString('utf8'));
				},
			}),
		);
		app.use((_req, res, next) => this.applyRateLimit(res, next));
		app.use((_req, res, next) => this.applyConcurrencyLimit(res, next));
		app.use((req, res, next) => this.applyFault(req, res, next));
		app.use(
			OpenApiValidator.middleware({
				apiSpec: SPEC_PATH,
				validateRequests: { allowUnknownQueryParameters: false },
				validateResponses: false,
				validateSecurity: {
					handlers: {
						bearerAuth: (req) => {
							// The token, or the token and ".<n>": several accounts of one service, as a
							// benchmark that must not let one measurement learn from another needs.
							const sent = req.headers.authorization ?? '';
							const expected = `Bearer ${this.token}`;
							if (sent === expected || new RegExp(`^${escapeRegExp(expected)}\\.\\d+$`).test(sent))
								return true;
							throw { status: 401, message: 'Invalid or missing access token' };
						},
					},
				},
				fileUploader: { limits: { fileSize: 50 * 1024 * 1024 } },
			}),
		);
		this.addRoutes(app);
		app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
			if (res.headersSent) return next(error);
			const failure = error as {
				status?: number;
				statusCode?: number;
				message?: string;
				errors?: Array<{ path?: string; message?: string }>;
			};
			const status = failure.status ?? failure.statusCode ?? 500;
			res.status(status).json({
				ctx_id: ctxId(),
				message: failure.message ?? 'Internal error',
				errors: (failure.errors ?? []).map(({ path: where, message }) => ({
					path: where,
					message,
				})),
			});
		});
		return app;
	}

	private record(req: Request, res: Response, next: NextFunction): void {
		const entry: RecordedRequest = {
			method: req.method,
			rawPath: req.originalUrl.split('?')[0],
			query: {},
			headers: { ...req.headers },
			contentType: req.headers['content-type'],
			body: undefined,
			files: [],
			receivedAt: Date.now(),
		};
		this.requests.push(entry);
		(req as RecordingRequest).recorded = entry;
		this.inFlight++;
		this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
		let settled = false;
		const settle = () => {
			if (settled) return;
			settled = true;
			this.inFlight--;
			entry.endedAt = Date.now();
			entry.status = res.headersSent ? res.statusCode : undefined;
			entry.query = { ...(req.query as Record<string, unknown>) };
			if (entry.body === undefined) entry.body = req.body;
			const files = (req.files ?? []) as Express.Multer.File[];
			entry.files = files.map((file) => ({
				field: file.fieldname,
				fileName: file.originalname,
				mimeType: file.mimetype,
				content: file.buffer,
			}));
		};
		res.on('finish', settle);
		res.on('close', settle);
		next();
	}

	private applyRateLimit(res: Response, next: NextFunction): void {
		const limit = this.rateLimit;
		if (!limit) return next();
		const now = Date.now();
		if (limit.window === 'fixed') {
			const second = Math.floor(now / 1_000);
			if (second !== this.fixedWindow.second) this.fixedWindow = { second, admitted: 0 };
			if (this.fixedWindow.admitted < limit.perSecond) {
				this.fixedWindow.admitted++;
				return next();
			}
			this.refused++;
			res.set(retryAfterHeader((second + 1) * 1_000 - now, limit.retryAfter ?? 'seconds'));
			res.status(429).json({ ctx_id: ctxId(), message: 'Too many requests: slow down' });
			return;
		}
		const tokens = Math.min(
			limit.perSecond,
			this.bucket.tokens + ((now - this.bucket.at) / 1_000) * limit.perSecond,
		);
		this.bucket = { tokens, at: now };
		if (tokens >= 1) {
			this.bucket.tokens--;
			return next();
		}
		this.refused++;
		const waitMs = ((1 - tokens) / limit.perSecond) * 1_000;
		res.set(retryAfterHeader(waitMs, limit.retryAfter ?? 'seconds'));
		res.status(429).json({ ctx_id: ctxId(), message: 'Too many requests: slow down' });
	}

	private applyConcurrencyLimit(res: Response, next: NextFunction): void {
		const limit = this.concurrencyLimit;
		if (!limit) {
			if (this.delayMs > 0) setTimeout(next, this.delayMs);
			else next();
			return;
		}
		if (this.inProgress >= limit.concurrent) {
			this.refused++;
			res.set('Retry-After', '1');
			res.status(429).json({ ctx_id: ctxId(), message: 'Too many calls in progress' });
			return;
		}
		this.inProgress++;
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			this.inProgress--;
		};
		res.on('finish', finish);
		res.on('close', finish);
		setTimeout(next, limit.serviceMs);
	}

	private applyFault(req: Request, res: Response, next: NextFunction): void {
		const request = `${req.method} ${req.path}`;
		const index = this.faults.findIndex(({ route }) => !route || request.startsWith(route));
		if (index < 0) return next();
		const [fault] = this.faults.splice(index, 1);
		switch (fault.kind) {
			case 'status':
				if (fault.retryAfterSeconds !== undefined)
					res.set('Retry-After', String(fault.retryAfterSeconds));
				res
					.status(fault.status)
					.json({ ctx_id: ctxId(), message: fault.message ?? `Injected ${fault.status}` });
				return;
			case 'html':
				res
					.status(fault.status ?? 502)
					.type('html')
					.send(
						'<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
					);
				return;
			case 'slow':
				setTimeout(next, fault.delayMs);
				return;
			case 'drop':
				req.socket.destroy();
				return;
			case 'lostAnswer':
				// Whatever the route or the contract's validation answers never leaves: the connection
				// closes instead, after the route did its work.
				res.send = () => {
					req.socket.destroy();
					return res;
				};
				next();
				return;
		}
	}

	private addRoutes(app: express.Express): void {
		const { store } = this;
		const ok = (res: Response, data: unknown, message: string, status = 200) =>
			res.status(status).json({ ctx_id: ctxId(), data, message });
		const created = (res: Response, data: unknown, status = 201) =>
			res.status(status).json({ ctx_id: ctxId(), data });
		const notFound = (res: Response, what: string, id: string) =>
			res.status(404).json({ ctx_id: ctxId(), message: `${what} ${id} not found`, errors: [] });
		const pageOf = (collection: Collection, req: Request, res: Response, what: string) => {
			const page = Number(req.query.page ?? 1);
			const perPage = Number(req.query.per_page ?? 10);
			ok(res, collection.page(page, perPage), `${what} fetched successfully`);
		};
		/** The record the path's ID names, handed to `answer`, or 404 when there is none. */
		const onRecord =
			(collection: Collection, what: string, answer: (res: Response, id: string) => void) =>
			(req: Request, res: Response) => {
				const id = String(Object.values(req.params)[0]);
				if (!collection.get(id)) {
					notFound(res, what, id);
					return;
				}
				answer(res, id);
			};
		const fetchOne = (collection: Collection, what: string) =>
			onRecord(collection, what, (res, id) =>
				ok(res, collection.get(id), `${what} fetched successfully`),
			);
		const remove = (collection: Collection, what: string) =>
			onRecord(collection, what, (res, id) => {
				collection.remove(id);
				ok(res, { id, deleted: true }, `${what} deleted successfully`);
			});

		app.post('/v2/_voicecalls/:agent_id/makeCall', (req, res) => {
			const body = req.body as JsonObject;
			const agentId = String(req.params.agent_id);
			if (body.agent_id !== undefined && body.agent_id !== agentId) {
				res.status(400).json({
					ctx_id: ctxId(),
					message: 'agent_id in the body does not match the path',
					errors: [{ path: '/body/agent_id', message: 'must equal the path parameter agent_id' }],
				});
				return;
			}
			const callId = store.calls.newId();
			store.calls.insert({
				id: callId,
				call_id: callId,
				status: 'queued',
				agent_id: agentId,
				...body,
			});
			ok(
				res,
				{ call_id: callId, status: 'queued', agent_id: agentId },
				'Call initiated successfully',
			);
		});

		app.post('/v2/campaign/create_with_touchpoint', (req, res) => {
			const body = req.body as JsonObject;
			const id = store.campaigns.newId();
			const campaign = { id, status: 'scheduled', created_at: new Date().toISOString(), ...body };
			store.campaigns.insert(campaign);
			created(res, { id, name: body.name, status: campaign.status }, 200);
		});
		app.get('/v2/_campaigns', (req, res) => pageOf(store.campaigns, req, res, 'Campaigns'));
		app.get('/v2/_campaigns/:campaign_id', fetchOne(store.campaigns, 'Campaign'));
		app.delete('/v2/_campaigns/:campaign_id', remove(store.campaigns, 'Campaign'));

		app.get('/v2/_customers', (req, res) => pageOf(store.customers, req, res, 'Customers'));
		app.delete('/v2/_customers/:customer_id', remove(store.customers, 'Customer'));

		app.post('/v2/_knowledge_base', (req, res) => {
			const body = req.body as JsonObject;
			const id = store.knowledgeBases.newId();
			store.knowledgeBases.insert({ id, document_count: 0, documents: [], faqs: [], ...body });
			created(res, { id, name: body.name });
		});
		app.get('/v2/_knowledgebase/:id', fetchOne(store.knowledgeBases, 'Knowledge base'));
		app.put('/v2/_knowledgebase/:id', (req, res) => {
			const id = String(req.params.id);
			const record = store.knowledgeBases.get(id);
			if (!record) {
				notFound(res, 'Knowledge base', id);
				return;
			}
			const body = req.body as JsonObject;
			const files = (req.files ?? []) as Express.Multer.File[];
			const documents = [
				...(record.documents as unknown[]),
				...files.map((file) => ({
					file_name: file.originalname,
					size: file.size,
					field: file.fieldname,
				})),
				...asList(body.urls).map((url) => ({ url })),
			];
			const faqs = [...(record.faqs as unknown[]), ...asList(body.faqs)];
			const name = firstValue(body.name) ?? record.name;
			Object.assign(record, {
				name,
				documents,
				faqs,
				document_count: documents.length + faqs.length,
			});
			ok(
				res,
				{ id, name, document_count: record.document_count },
				'Knowledge base updated successfully',
			);
		});
		app.delete('/v2/_knowledgebase/:id', remove(store.knowledgeBases, 'Knowledge base'));

		app.get('/v2/_actions', (req, res) => pageOf(store.actions, req, res, 'Actions'));
		app.post('/v2/_actions', (req, res) => {
			const body = req.body as JsonObject;
			const id = store.actions.newId();
			store.actions.insert({ id, is_active: true, ...body });
			created(res, { action_id: id, name: body.name, type: body.type });
		});

		app.post('/v2/_assistants', (req, res) => {
			const body = req.body as JsonObject;
			const id = store.assistants.newId();
			store.assistants.insert({ id, ...body });
			created(res, { id, name: body.name });
		});
	}
}

/** What express keeps of one registered route. */
interface RouteLayer {
	route?: { path: string; methods: Record<string, boolean> };
}

/** Starts a sandbox in this process on `port` (0: a free one). */
export async function startSandbox(port: number, options: SandboxOptions = {}): Promise<Sandbox> {
	const sandbox = new Sandbox(options);
	await sandbox.start(port);
	return sandbox;
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

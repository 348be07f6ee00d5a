import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as it reached the hostile server: nothing is parsed beyond the URL. */
export interface HostileRequest {
	method: string;
	/** Path and query exactly as sent, before any percent-decoding. */
	rawUrl: string;
	rawPath: string;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
	/** Header names and values as sent, name case and order kept: [name, value, name, value, …]. */
	rawHeaders: string[];
	body: Buffer;
}

/** Answers one request; it may write anything, slowly, or never finish. */
export type Responder = (
	request: HostileRequest,
	response: ServerResponse,
	index: number,
) => void | Promise<void>;

/**
 * A plain HTTP server that answers whatever the test tells it to: redirects, HTML with 200, endless
 * pages, trickling or truncated bodies, malformed lists. It knows no schema; it records every request.
 */
export class HostileServer {
	readonly requests: HostileRequest[] = [];
	/** Requests whose answer is not finished yet, and the most there were at once since clear(). */
	inFlight = 0;
	maxInFlight = 0;
	private responder: Responder = (_request, response) => json(response, 200, { data: {} });
	private server?: Server;
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<NodeJS.Timeout>();

	/** Answers every following request with `responder` (index counts from the first request after this call). */
	respondWith(responder: Responder): void {
		const first = this.requests.length;
		this.responder = (request, response, index) => responder(request, response, index - first);
	}

	/** Resolves once the server has seen `count` requests since clear(). */
	async requestsSeen(count: number): Promise<void> {
		while (this.requests.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
	}

	clear(): void {
		this.requests.length = 0;
		this.maxInFlight = this.inFlight;
	}

	get url(): string {
		const address = this.server?.address() as AddressInfo | null | undefined;
		if (!address) throw new Error('The hostile server is not started');
		return `http://127.0.0.1:${address.port}`;
	}

	/** A timer the server cancels when it stops, for responses that trickle. */
	later(ms: number, action: () => void): void {
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			action();
		}, ms);
		this.timers.add(timer);
	}

	async start(): Promise<string> {
		this.server = createServer((incoming, response) => {
			this.inFlight++;
			this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
			response.on('close', () => this.inFlight--);
			const chunks: Buffer[] = [];
			incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
			incoming.on('end', () => {
				const rawUrl = incoming.url ?? '/';
				const request: HostileRequest = {
					method: incoming.method ?? 'GET',
					rawUrl,
					rawPath: rawUrl.split('?')[0],
					query: new URLSearchParams(
						rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '',
					),
					headers: incoming.headers,
					rawHeaders: incoming.rawHeaders,
					body: Buffer.concat(chunks),
				};
				const index = this.requests.push(request) - 1;
				Promise.resolve(this.responder(request, response, index)).catch((error: Error) => {
					if (!response.headersSent) text(response, 599, `responder failed: ${error.message}`);
				});
			});
		});
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return this.url;
	}

	async stop(): Promise<void> {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const socket of this.sockets) socket.destroy();
		const server = this.server;
		this.server = undefined;
		if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}

export function json(response: ServerResponse, status: number, body: unknown): void {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.end(JSON.stringify(body));
}

export function text(
	response: ServerResponse,
	status: number,
	body: string,
	contentType = 'text/plain',
): void {
	response.writeHead(status, { 'content-type': contentType });
	response.end(body);
}

export function redirect(response: ServerResponse, status: number, location: string): void {
	response.writeHead(status, { location, 'content-type': 'text/plain' });
	response.end(`Moved to ${location}`);
}

/** The service's list envelope around `records`. */
export function listPage(records: unknown[], pagination?: Record<string, unknown>) {
	return {
		ctx_id: 'ctx',
		data: { data: records, ...(pagination ? { pagination } : {}) },
		message: 'ok',
	};
}

import type { ServerResponse } from 'node:http';

import { retryAfterHeader, type RetryAfterStyle } from '../retryAfter';
import { json, text, type HostileRequest, type Responder } from './server';

export interface CallingServiceLimits {
	/** Most requests handled at once (each takes `serviceMs`); any further one is refused with 429. */
	concurrent?: number;
	/** Most requests admitted in each one-second window; any further one is refused with 429. */
	perSecond?: number;
	/** Where those windows begin: on the clock's seconds (the default), or at the first request. */
	windowsFrom?: 'clock' | 'first request';
	retryAfter?: RetryAfterStyle;
	/** How long an admitted request takes to answer, in ms. */
	serviceMs?: number;
}

const MAKE_CALL = /^\/v2\/_voicecalls\/([^/]+)\/makeCall$/;

/**
 * How the answer to a call that was placed gets lost on its way back: a gateway's 502, no answer
 * at all (the connection stays open until the caller gives up), or a 200 whose body is an HTML page.
 */
export type LostAnswer = 'bad gateway' | 'no answer' | 'html page';

/**
 * A calling service that protects itself as real ones do, for the hostile server: it admits a few
 * requests at a time or a few per second and refuses the rest with 429 (a refused request does
 * nothing). Each admitted Make Call places one call to its phone_number, counted here, so a test can
 * tell who was called how often. It knows no schema beyond the phone number.
 */
export class CallingService {
	/** Calls placed, by phone number. */
	readonly placed = new Map<string, number>();
	/** Make Call requests received, by phone number, refused ones included. */
	readonly received = new Map<string, number>();
	refused = 0;
	/** When each Make Call request arrived, and whether it was refused. */
	readonly arrivals: Array<{ at: number; refused: boolean }> = [];
	private active = 0;
	private window = { second: 0, admitted: 0 };
	/** When the first window began (0: the clock's seconds); set by the first request. */
	private origin?: number;
	/** Statuses to answer the next requests for a phone number with, instead of placing the call. */
	private readonly scripts = new Map<string, number[]>();
	/** Answers lost for the next calls placed to a phone number. */
	private readonly losses = new Map<string, LostAnswer[]>();
	/** While set, every request waits for it before it is served (see hold()). */
	private held?: Promise<void>;

	constructor(private readonly limits: CallingServiceLimits = {}) {}

	/** The next requests for `phone` are answered with these statuses, one each, placing no call. */
	script(phone: string, ...statuses: number[]): void {
		this.scripts.set(phone, [...(this.scripts.get(phone) ?? []), ...statuses]);
	}

	/** The next calls to `phone` are placed, and then their answers are lost this way, one each. */
	loseAnswer(phone: string, ...losses: LostAnswer[]): void {
		this.losses.set(phone, [...(this.losses.get(phone) ?? []), ...losses]);
	}

	/**
	 * Every request from now on waits, its call not yet placed, until the returned function lets them
	 * all go: a service slow to answer for as long as a test needs.
	 */
	hold(): () => void {
		let release = () => undefined as void;
		this.held = new Promise<void>((resolve) => (release = resolve));
		return () => {
			this.held = undefined;
			release();
		};
	}

	/** Phone numbers called more than once. */
	get calledTwice(): string[] {
		return [...this.placed].filter(([, calls]) => calls > 1).map(([phone]) => phone);
	}

	readonly responder: Responder = async (request, response) => {
		const match = MAKE_CALL.exec(request.rawPath);
		if (request.method !== 'POST' || !match) {
			json(response, 404, { message: `${request.method} ${request.rawPath} is not served here` });
			return;
		}
		await this.held;
		const phone = phoneOf(request);
		this.received.set(phone, (this.received.get(phone) ?? 0) + 1);

		const at = Date.now();
		const wait = this.refusal(at);
		this.arrivals.push({ at, refused: wait !== undefined });
		if (wait !== undefined) {
			this.refused++;
			refuse(response, wait, this.limits.retryAfter ?? 'seconds');
			return;
		}
		this.active++;
		try {
			const scripted = this.scripts.get(phone)?.shift();
			if (scripted !== undefined) {
				json(response, scripted, { message: `Scripted ${scripted} for ${phone}` });
				return;
			}
			if (this.limits.serviceMs) await delay(this.limits.serviceMs);
			const calls = (this.placed.get(phone) ?? 0) + 1;
			this.placed.set(phone, calls);
			const loss = this.losses.get(phone)?.shift();
			if (loss === 'bad gateway') json(response, 502, { message: 'Bad gateway' });
			else if (loss === 'html page')
				text(response, 200, '<html><body>Maintenance</body></html>', 'text/html');
			// With no answer, the connection stays open: the caller's timeout ends it.
			if (loss) return;
			json(response, 200, {
				ctx_id: 'ctx',
				data: { call_id: `call_${phone}_${calls}`, status: 'queued', agent_id: match[1] },
				message: 'Call initiated successfully',
			});
		} finally {
			this.active--;
		}
	};

	/** How many ms the caller should wait when a request arriving `now` is refused, or undefined. */
	private refusal(now: number): number | undefined {
		const { concurrent, perSecond } = this.limits;
		if (concurrent !== undefined && this.active >= concurrent) return 1_000;
		if (perSecond !== undefined) {
			this.origin ??= this.limits.windowsFrom === 'first request' ? now : 0;
			const second = Math.floor((now - this.origin) / 1_000);
			if (second !== this.window.second) this.window = { second, admitted: 0 };
			if (this.window.admitted >= perSecond) return this.windowEnd(now) - now;
			this.window.admitted++;
		}
		return undefined;
	}

	/** When the one-second window holding the moment `at` ends. */
	windowEnd(at: number): number {
		const origin = this.origin ?? 0;
		return origin + (Math.floor((at - origin) / 1_000) + 1) * 1_000;
	}
}

function phoneOf(request: HostileRequest): string {
	try {
		return String(
			(JSON.parse(request.body.toString('utf8')) as { phone_number?: unknown }).phone_number,
		);
	} catch {
		return '(no JSON body)';
	}
}

function refuse(response: ServerResponse, waitMs: number, style: RetryAfterStyle): void {
	response.writeHead(429, {
		'content-type': 'application/json',
		...retryAfterHeader(waitMs, style),
	});
	response.end(JSON.stringify({ message: 'Too many requests' }));
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

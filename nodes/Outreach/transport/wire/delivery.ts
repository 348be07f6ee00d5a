import { sleep, type IHttpRequestOptions, type NodeApiError } from 'n8n-workflow';

import {
	EDITOR_RATE_LIMIT_WAIT_MS,
	FIRST_BACKOFF_MS,
	MIN_REFUSAL_WAIT_MS,
	RESENDS_AFTER_FAILURE,
} from '../../shared/constants';
import { nodeError } from '../../shared/errors';
import type { Account } from './account';
import { NoAnswer, sendOnce, type ServiceAnswer } from './request';
import { backoffMs, retryAfterMs, resendOfStatus } from './resendPolicy';
import { serviceError } from './serviceError';

/** A turn to send one request, released once its answer is in. */
export interface Slot {
	/** Any answer but a refusal, or a failure without one. */
	answered(): void;
	/** Refused (429): the request gets no turn before `waitMs`. */
	refused(waitMs: number): void;
	/** Nothing was sent. */
	unused(): void;
}

/** Where a request waits for its turn to be sent. */
export interface Lane {
	/** Undefined when the request is no longer to be sent. */
	turn(): Promise<Slot | undefined>;
	/** Gives back the last turn by `release`: an item's lane, once the item's outcome is known. */
	giveBack(release: () => void): void;
	pause(ms: number): Promise<void>;
	/** How long one request may wait on refusals in all, and the setting that says so. */
	readonly maxWaitMs: number;
	readonly maxWaitSetting: string;
}

/** A request not sent because its run stopped sending: it has no outcome of its own. */
export class NotSent extends Error {}

/** Errors of requests that never reached the service: they cannot have changed anything. */
const neverReached = new WeakSet<object>();

function notSent<T extends object>(error: T): T {
	neverReached.add(error);
	return error;
}

export function mayHaveReachedService(error: unknown): boolean {
	return !(typeof error === 'object' && error !== null && neverReached.has(error));
}

/** A lane of its own for requests sent one after another (the trigger, the editor's pickers). */
export function ownLane(maxWaitMs: number, maxWaitSetting: string): Lane {
	let pausedUntil = 0;
	return {
		maxWaitMs,
		maxWaitSetting,
		giveBack: (release) => release(),
		pause: async (ms) => await sleep(ms),
		async turn() {
			const wait = pausedUntil - Date.now();
			if (wait > 0) await sleep(wait);
			return {
				answered: () => undefined,
				refused: (waitMs: number) => {
					pausedUntil = Date.now() + waitMs;
				},
				unused: () => undefined,
			};
		},
	};
}

/** The lane of the editor's pickers and lists, which someone is waiting on. */
export const editorLane = () => ownLane(EDITOR_RATE_LIMIT_WAIT_MS, 'the editor’s bound for lists');

/** Sends a request at its turn, again where safe (resendPolicy.ts): the last answer, any status. */
export async function sendUntilAnswered(
	account: Account,
	request: IHttpRequestOptions,
	lane: Lane,
	labelSuffix = '',
): Promise<ServiceAnswer> {
	const changesData = (request.method ?? 'GET') !== 'GET';
	let refusals = 0;
	let failures = 0;
	let firstRefusal: number | undefined;
	for (;;) {
		const slot = await lane.turn();
		if (!slot) throw new NotSent();
		let result: ServiceAnswer | NoAnswer;
		try {
			result = await sendOnce(account, request, labelSuffix);
		} catch (error) {
			lane.giveBack(() => slot.answered());
			throw nodeError(account.node, error);
		}

		if (result instanceof NoAnswer) {
			const cancelled = account.cancel?.aborted === true;
			const safe = result.transient && (!changesData || !result.reachedService);
			if (cancelled || !safe || failures >= RESENDS_AFTER_FAILURE) {
				lane.giveBack(() => slot.answered());
				throw result.reachedService ? result.error : notSent(result.error);
			}
		} else {
			const resend = resendOfStatus(result.status);
			if (resend === 'refused') {
				const now = Date.now();
				firstRefusal ??= now;
				refusals++;
				const asked = retryAfterMs(result.retryAfter, now);
				const wait =
					asked === undefined
						? backoffMs(refusals, FIRST_BACKOFF_MS, Math.random)
						: Math.max(asked, backoffMs(refusals, MIN_REFUSAL_WAIT_MS, Math.random));
				if (now - firstRefusal + wait > lane.maxWaitMs) {
					lane.giveBack(() => slot.refused(0));
					throw refusedTooLong(account, result, refusals, now - firstRefusal, wait, lane);
				}
				slot.refused(wait);
				continue;
			}
			if (resend === 'final' || changesData || failures >= RESENDS_AFTER_FAILURE) {
				lane.giveBack(() => slot.answered());
				return result;
			}
		}
		// A failure that may pass, of a request safe to send again: after a backoff.
		slot.answered();
		failures++;
		await lane.pause(backoffMs(failures, FIRST_BACKOFF_MS, Math.random));
	}
}

function refusedTooLong(
	account: Account,
	answer: ServiceAnswer,
	refusals: number,
	waitedMs: number,
	askedMs: number,
	lane: Lane,
): NodeApiError {
	const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
	const waited =
		refusals === 1
			? `and asks to wait ${seconds(askedMs)}`
			: `${refusals} times over ${seconds(waitedMs)}, and asks to wait ${seconds(askedMs)} more`;
	return serviceError(
		account,
		`The service refused ${answer.label} with 429 Too Many Requests ${waited}`,
		`It waits at most ${seconds(lane.maxWaitMs)} in all for one request (${lane.maxWaitSetting}). The service refused the request each time, so it did nothing: sending it again later is safe.`,
		429,
	);
}

import type { IExecutePaginationFunctions } from 'n8n-workflow';

import { callingHoursCheck, type OutsideHours } from './guardrails';
import type { ItemPlace } from './run';
import type { Lane } from './wire';

/** Where an item's requests take their turns, and pause on refusals, within its run. */
export function laneOf({ ticket, run, nodeTry }: ItemPlace): Lane {
	return {
		turn: async () => await ticket.turn(),
		giveBack: (release) => ticket.giveBackOnOutcome(release),
		pause: async (ms) => await nodeTry.pause(ms),
		waitBudgetMs: run.waitBudgetMs,
		waitBudgetSetting: 'Options → Max Wait for Rate Limits',
	};
}

/** A call whose turn came after the Calling Hours ended: it is not sent. */
export class HoursEnded extends Error {
	constructor(readonly outside: OutsideHours) {
		super(outside.message);
	}
}

/**
 * The item's lane, reading the Calling Hours again when the call gets its turn: it may have waited
 * for it, or on refusals, past the end of the hours.
 */
export function callLaneOf(context: IExecutePaginationFunctions, place: ItemPlace): Lane {
	const lane = laneOf(place);
	return {
		...lane,
		turn: async () => {
			const slot = await lane.turn();
			if (!slot) return undefined;
			const hours = await callingHoursCheck(context, place.run);
			if (hours && 'outside' in hours) {
				lane.giveBack(() => slot.answered());
				throw new HoursEnded(hours.outside);
			}
			return slot;
		},
	};
}

import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { ExecutionLedger } from './executionLedger';

/** The ledgers of each execution, one per credential account, by the execution's own object. */
const ledgers = new WeakMap<object, Map<string, ExecutionLedger>>();

/**
 * The object that stands for the item's execution: n8n's flow context, which lives in the
 * execution's own run data and so exactly as long as n8n holds the execution; `fallback` where a
 * context has none. Nothing of an execution is kept once it is gone, and a running execution's
 * ledger is never dropped for another's.
 */
function executionObject(context: IExecuteSingleFunctions, fallback: object): object {
	try {
		return context.getContext('flow');
	} catch {
		return fallback;
	}
}

/** The ledger of the item's execution for one credential account. */
export function executionLedger(
	context: IExecuteSingleFunctions,
	account: string,
	fallback: object,
): ExecutionLedger {
	const execution = executionObject(context, fallback);
	let byAccount = ledgers.get(execution);
	if (!byAccount) ledgers.set(execution, (byAccount = new Map()));
	let ledger = byAccount.get(account);
	if (!ledger) byAccount.set(account, (ledger = new ExecutionLedger()));
	return ledger;
}

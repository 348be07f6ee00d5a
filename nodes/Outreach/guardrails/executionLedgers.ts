import { ExecutionLedger } from './executionLedger';

/** The ledgers of each execution, one per credential account, by the object that stands for it. */
const ledgers = new WeakMap<object, Map<string, ExecutionLedger>>();

/**
 * The ledger of an execution for one credential account. `execution` is n8n's flow context, which
 * lives in the execution's own run data and so exactly as long as n8n holds the execution: nothing of
 * an execution is kept once it is gone, and a running execution's ledger is never dropped for another's.
 */
export function executionLedger(execution: object, account: string): ExecutionLedger {
	let byAccount = ledgers.get(execution);
	if (!byAccount) ledgers.set(execution, (byAccount = new Map()));
	let ledger = byAccount.get(account);
	if (!ledger) byAccount.set(account, (ledger = new ExecutionLedger()));
	return ledger;
}

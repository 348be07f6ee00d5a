import { isPlainObject } from '../../shared/objectPaths';
import { E164_HINT, parseJson, phoneNumberProblem } from '../../shared/validators';

/** Campaign → Create's customers, rows and JSON alike: each an ID and an E.164 number. */
export const CUSTOMER_KEYS = ['id', 'to_number'];
export const customerKeysText = CUSTOMER_KEYS.map((key) => `"${key}"`).join(' and ');

export function customerProblem(
	id: unknown,
	toNumber: unknown,
): { field: 'id' } | { field: 'number'; problem: string } | undefined {
	if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
		return { field: 'id' };
	}
	const problem = phoneNumberProblem(toNumber);
	return problem ? { field: 'number', problem } : undefined;
}

function customerEntryProblem(entry: unknown, position: number): string | undefined {
	if (!isPlainObject(entry)) return `entry ${position} must be an object {"id": …, "to_number": …}`;
	const unknownKey = Object.keys(entry).find((key) => !CUSTOMER_KEYS.includes(key));
	if (unknownKey) {
		return `entry ${position} has "${unknownKey}", which the service does not take: each entry has ${customerKeysText}`;
	}
	const problem = customerProblem(entry.id, entry.to_number);
	if (problem?.field === 'id') return `entry ${position} needs an "id"`;
	return problem && `entry ${position}: "to_number" ${problem.problem}`;
}

const EMPTY = 'is empty: map at least one customer, or choose Customers → None';

export function checkCustomersJson(
	value: unknown,
): { value: unknown[] } | { problem: string; hint?: string } {
	const parsed = parseJson(value);
	if ('problem' in parsed) return parsed;
	if (parsed.value === undefined || parsed.value === null) return { problem: EMPTY };
	if (!Array.isArray(parsed.value)) {
		return { problem: 'must be a JSON array, e.g. [{"id": "cus_1", "to_number": "+14155550100"}]' };
	}
	if (parsed.value.length === 0) return { problem: EMPTY };
	for (const [index, entry] of parsed.value.entries()) {
		const problem = customerEntryProblem(entry, index + 1);
		if (problem) return { problem, hint: E164_HINT };
	}
	return { value: parsed.value };
}

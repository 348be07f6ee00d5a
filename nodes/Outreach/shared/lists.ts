/**
 * A comma-separated text as a list, trimmed, empty entries dropped: one rule, written twice because a
 * field's routing takes an n8n expression and a request-building step takes a function.
 */

/** As a field's routing `value`: the text (or an array an expression gave) as a list. */
export const COMMA_SEPARATED_LIST =
	'={{ (Array.isArray($value) ? $value : String($value).split(",")).map(entry => String(entry).trim()).filter(entry => entry !== "") }}';

/** As a function, for a step that builds the request. */
export function commaSeparated(value: unknown): string[] {
	return String(value ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

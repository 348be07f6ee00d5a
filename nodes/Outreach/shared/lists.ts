/** A comma-separated text (or a list an expression gave) as a list, trimmed, empty entries dropped. */
export function commaSeparated(value: unknown): string[] {
	return (Array.isArray(value) ? value : String(value ?? '').split(','))
		.map((entry) => String(entry).trim())
		.filter((entry) => entry !== '');
}

/** How the bench prints: Markdown tables of medians with min–max, over BENCH_RUNS rounds. */

export const RUNS = Number(process.env.BENCH_RUNS ?? 7);

export const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fixed = (value: number) => value.toFixed(value < 10 ? 2 : 0);
export const ms = (value: number) => `${fixed(value)} ms`;
export const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
export const spread = (values: number[], scale = 1) =>
	`${fixed(median(values) / scale)} (${fixed(Math.min(...values) / scale)}–${fixed(Math.max(...values) / scale)})`;

export function print(line = '') {
	process.stdout.write(`${line}\n`);
}

/** One row of a Markdown table. */
export function row(...cells: Array<string | number | undefined>) {
	print(`| ${cells.join(' | ')} |`);
}

/** A section of the report: its heading, a note if any, and the head of its table. */
export function section(heading: string, columns: string[], note?: string) {
	print();
	print(`## ${heading}`);
	if (note) {
		print(note);
		print();
	}
	row(...columns);
	print(`|${'---|'.repeat(columns.length)}`);
}

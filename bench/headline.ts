/**
 * Imported first by bench.ts, before anything reads the bench's variables: `npm run bench` alone
 * prints the headline (sections 1, 7, 9 and 11, narrowed to fit a few minutes); `npm run bench --
 * --all`, or any BENCH_SECTIONS, runs the sections as asked. A variable set by the user wins.
 */
if (!process.argv.includes('--all') && !process.env.BENCH_SECTIONS) {
	const headline: Record<string, string> = {
		BENCH_SECTIONS: '1,7,9,11',
		BENCH_RUNS: '3',
		// 3 at a time at 15 ms a call, and 100 a second in fixed windows with an HTTP-date Retry-After.
		BENCH_LIMITED_SERVICES: '3,6',
		BENCH_LIMIT_SHAPES: 'one run',
		BENCH_SLOW_CASES: '2',
		BENCH_RECORD_STATES: 'empty,history',
		BENCH_RECORD_DATABASES: 'sqlite',
	};
	for (const [name, value] of Object.entries(headline)) process.env[name] ??= value;
	process.stdout.write('Headline sections; `npm run bench -- --all` runs every section in full.\n');
}

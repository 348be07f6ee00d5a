// Prints one plain closing line ("N passed, N failed, N skipped") that CI reads after Jest's own summary.
// Run by scripts/test-engines.mjs (npm test), it names the engine and leaves the counts in a file; the
// runner then prints the closing line for both engines.
const { writeFileSync } = require('node:fs');

class SummaryReporter {
	onRunComplete(_contexts, results) {
		const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
		const counts = {
			passed: numPassedTests,
			failed: numFailedTests,
			skipped: numPendingTests + numTodoTests,
		};
		const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
		const engine = process.env.OUTREACH_ENGINE;
		if (!engine) {
			process.stdout.write(`\ntests: ${line}\n`);
			return;
		}
		process.stdout.write(`\n${engine}: ${line}\n`);
		if (process.env.OUTREACH_TEST_COUNTS) {
			writeFileSync(process.env.OUTREACH_TEST_COUNTS, JSON.stringify(counts));
		}
	}
}
module.exports = SummaryReporter;

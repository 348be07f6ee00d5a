// Prints one plain closing line ("N passed, N failed, N skipped") that CI reads after Jest's own summary.
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
		process.stdout.write(
			`\ntests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`,
		);
	}
}
module.exports = SummaryReporter;

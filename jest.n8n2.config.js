/**
 * The same tests on the engine of a real n8n release (the newest, and the oldest supported):
 * n8n-core and n8n-workflow (and the @n8n packages they share with the harness) come from the n8n
 * install that scripts/test-engines.mjs names, and the built package gets that n8n-workflow too, as
 * n8n hands its own to a community package. Run with the Node that release brings; `npm test` runs
 * every engine.
 */
const base = require('./jest.config.js');

const modules = process.env.OUTREACH_ENGINE_MODULES;
if (!modules) {
	throw new Error(
		'OUTREACH_ENGINE_MODULES is not set: run the tests with `npm test`, which installs the n8n releases first',
	);
}

/** @type {import('jest').Config} */
module.exports = {
	...base,
	// On the Node 24 and 22 the releases bring, the suites use less CPU than on this project's Node 20:
	// with five workers an engine took 84–87 s here and 1.5 cores, with three 123–129 s.
	maxWorkers: 5,
	displayName: process.env.OUTREACH_ENGINE,
	moduleNameMapper: {
		'^(n8n-core|n8n-workflow|@n8n/di)$': `${modules}/$1`,
		'^(n8n-core|n8n-workflow)/(.*)$': `${modules}/$1/$2`,
	},
};

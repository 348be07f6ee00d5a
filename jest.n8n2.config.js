/**
 * The same tests on n8n 2.x's engine: n8n-core and n8n-workflow (and the @n8n packages they share
 * with the harness) come from the n8n 2.x install that scripts/test-engines.mjs names, and the built
 * package gets that n8n-workflow too, as n8n hands its own to a community package. Run with the Node
 * that n8n 2.x needs; `npm test` does both.
 */
const base = require('./jest.config.js');

const modules = process.env.OUTREACH_ENGINE_MODULES;
if (!modules) {
	throw new Error(
		'OUTREACH_ENGINE_MODULES is not set: run the tests with `npm test`, which installs n8n 2.x first',
	);
}

/** @type {import('jest').Config} */
module.exports = {
	...base,
	displayName: process.env.OUTREACH_ENGINE,
	moduleNameMapper: {
		'^(n8n-core|n8n-workflow|@n8n/di)$': `${modules}/$1`,
		'^(n8n-core|n8n-workflow)/(.*)$': `${modules}/$1/$2`,
	},
};

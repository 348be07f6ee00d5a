/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.dev.json' }],
	},
	setupFiles: ['<rootDir>/test/setup-env.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup-after-env.ts'],
	testTimeout: 30000,
	// Jest's default is one worker fewer than the cores: one here, on 2 cores. The suites mostly wait on
	// HTTP and timers (one worker used about half a core): three took 157 s here and 1.4 cores, two
	// 218 s; four took 137 s but 1.7 cores, leaving little for the releases' install beside them in CI.
	maxWorkers: 3,
	reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};

// Lint of everything that does not ship: tests, test support, bench and scripts. What ships (nodes/,
// credentials/, package.json) is linted by eslint.config.mjs, n8n's own template config, unchanged.
// The n8n Cloud rules (no node: imports, no process or timers) are for node code; test tooling needs
// exactly those, so it gets the general rules instead.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		ignores: [
			'nodes/**',
			'credentials/**',
			'dist/**',
			'.build/**',
			'node_modules/**',
			'coverage/**',
			'.n8n-local/**',
			'.bench-deps/**',
		],
	},
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, ...tseslint.configs.recommended],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
		},
	},
	{
		files: ['**/*.js', '**/*.mjs'],
		extends: [js.configs.recommended],
		languageOptions: { globals: globals.node },
	},
);

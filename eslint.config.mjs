import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import * as jsoncParser from 'jsonc-eslint-parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const n8nPlugin = { 'n8n-nodes-base': n8nNodesBase };
const packageSources = ['nodes/**/*.ts', 'credentials/**/*.ts'];

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', '.build/**', 'coverage/**', '.n8n-local/**'] },
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
	{
		files: ['package.json'],
		languageOptions: { parser: jsoncParser },
		plugins: n8nPlugin,
		rules: n8nNodesBase.configs.community.rules,
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: n8nPlugin,
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// A community package documents its credential with a URL, not an n8n docs slug.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: n8nPlugin,
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// The starter's convention: NodeConnectionTypes.Main rather than the literal 'main'.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: [...packageSources, 'package.json'],
	},
);

// Which part of the package may import which. `npm run check:deps` fails on any import that breaks
// a rule below; each rule says why it holds. The floors, lowest first:
//   shared/                     rules and helpers with no knowledge of n8n's node model
//   transport/wire/             one request on the wire and what its answer means
//   transport/guardrails/       what a write must pass before it is sent
//   transport/run/              a node's run: its items, their turns, their memory
//   transport/ (index, sendItem, lanes, unsentItems) the one seam the rest of the package uses
//   fields/, listSearch/, loadOptions/, resources/, the node files
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-cycles',
			severity: 'error',
			comment:
				'A cycle makes two files one idea split in two: neither can be read, tested or moved alone.',
			from: { path: '^(nodes|credentials)/' },
			to: { circular: true },
		},
		{
			name: 'shared-stays-below',
			severity: 'error',
			comment:
				'shared/ is the floor every other folder stands on; importing anything above it would make the floor depend on the house.',
			from: { path: '^nodes/Outreach/shared/' },
			to: { path: '^(nodes|credentials)/', pathNot: '^nodes/Outreach/shared/' },
		},
		{
			name: 'wire-knows-only-shared',
			severity: 'error',
			comment:
				'The wire sends one request and reads its answer; it must not know about guardrails, runs or fields, so that every request (trigger, pickers, writes) goes out the same way.',
			from: { path: '^nodes/Outreach/transport/wire/' },
			to: {
				path: '^(nodes|credentials)/',
				pathNot: ['^nodes/Outreach/transport/wire/', '^nodes/Outreach/shared/', '^credentials/'],
			},
		},
		{
			name: 'guardrails-know-only-shared',
			severity: 'error',
			comment:
				'A guardrail decides from the request and the credential alone, before anything is sent; it must not reach into the wire or the run that calls it.',
			from: { path: '^nodes/Outreach/transport/guardrails/' },
			to: {
				path: '^(nodes|credentials)/',
				pathNot: [
					'^nodes/Outreach/transport/guardrails/',
					'^nodes/Outreach/shared/',
					'^credentials/',
				],
			},
		},
		{
			name: 'run-uses-floors-by-their-index',
			severity: 'error',
			comment:
				'A run uses the wire and the guardrails through their index files only, so what each floor offers is written in one place.',
			from: { path: '^nodes/Outreach/transport/run/' },
			to: {
				path: '^nodes/Outreach/transport/(wire|guardrails)/',
				pathNot: '^nodes/Outreach/transport/(wire|guardrails)/index\\.ts$',
			},
		},
		{
			name: 'run-stays-in-transport',
			severity: 'error',
			comment:
				'A run knows nothing of fields, pickers or resources: it serves every operation alike.',
			from: { path: '^nodes/Outreach/transport/run/' },
			to: {
				path: '^(nodes|credentials)/',
				pathNot: ['^nodes/Outreach/(transport|shared)/', '^credentials/'],
			},
		},
		{
			name: 'transport-through-its-seam',
			severity: 'error',
			comment:
				'Everything outside the transport reaches it through transport/index.ts, the one seam: that is how every request goes through our one transport.',
			from: { path: '^(nodes|credentials)/', pathNot: '^nodes/Outreach/transport/' },
			to: {
				path: '^nodes/Outreach/transport/',
				pathNot: '^nodes/Outreach/transport/index\\.ts$',
			},
		},
		{
			name: 'transport-knows-no-fields',
			severity: 'error',
			comment:
				'The transport serves declarations; it never imports them, or adding an operation would touch it.',
			from: { path: '^nodes/Outreach/transport/' },
			to: { path: '^nodes/(Outreach/(fields|resources|listSearch|loadOptions)/|OutreachTrigger/)' },
		},
		{
			name: 'pickers-stand-apart',
			severity: 'error',
			comment:
				'A list search and a load-options method are separate entry points n8n calls; neither is built on the other.',
			from: { path: '^nodes/Outreach/(listSearch|loadOptions)/' },
			to: { path: '^nodes/Outreach/(listSearch|loadOptions)/', pathNot: '^nodes/Outreach/$1/' },
		},
		{
			name: 'resources-declare-only',
			severity: 'error',
			comment:
				'A resource file declares fields and routing; the node wires the pickers in by name, so a resource never imports one.',
			from: { path: '^nodes/Outreach/resources/' },
			to: { path: '^nodes/Outreach/(listSearch|loadOptions)/' },
		},
		{
			name: 'fields-below-resources',
			severity: 'error',
			comment: 'fields/ holds what every resource shares; it must not depend on any one resource.',
			from: { path: '^nodes/Outreach/fields/' },
			to: { path: '^nodes/Outreach/resources/' },
		},
		{
			name: 'no-test-code-in-the-package',
			severity: 'error',
			comment: 'What ships in dist/ must not import tests, the sandbox or the bench.',
			from: { path: '^(nodes|credentials)/' },
			to: { path: '^(test|test-e2e|test-queue|support|bench|scripts)/' },
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		exclude: { path: '(^|/)(dist|\\.build|node_modules)/' },
	},
};

// Which part of the package may import which. `npm run check:deps` fails on any import that breaks
// a rule below; each rule says why it holds. The floors, lowest first:
//   shared/                 rules and helpers with no knowledge of n8n's node model
//   transport/              one request on the wire (wire/) and the turns of an account's requests (flow/)
//   guardrails/             what a write must pass before it is sent
//   actions/operation.ts    what an operation declaration is
//   fields/                 the form fields every operation builds on
//   actions/<resource>/     the operations, each declared in a file of its own
//   run/                    the node's run over its items: build, check, send, end
//   methods/                the editor's pickers
//   the node files          the table of contents, and execute()
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
			name: 'transport-knows-only-shared',
			severity: 'error',
			comment:
				'The transport sends requests and shares turns; it must not know about guardrails, runs or fields, so that every request (items, trigger, pickers) goes out the same way.',
			from: { path: '^nodes/Outreach/transport/' },
			to: {
				path: '^(nodes|credentials)/',
				pathNot: ['^nodes/Outreach/(transport|shared)/', '^credentials/'],
			},
		},
		{
			name: 'guardrails-know-only-shared',
			severity: 'error',
			comment:
				'A guardrail decides from the request and the credential alone, before anything is sent; it must not reach into the wire or the run that asks it.',
			from: { path: '^nodes/Outreach/guardrails/' },
			to: {
				path: '^(nodes|credentials)/',
				pathNot: ['^nodes/Outreach/(guardrails|shared)/', '^credentials/'],
			},
		},
		{
			name: 'transport-through-its-index',
			severity: 'error',
			comment:
				'The transport is reached through its index only (and its wire through wire/index.ts), so what it offers is written in one place.',
			from: { path: '^nodes/', pathNot: '^nodes/Outreach/transport/' },
			to: { path: '^nodes/Outreach/transport/', pathNot: '^nodes/Outreach/transport/index\\.ts$' },
		},
		{
			name: 'guardrails-through-its-index',
			severity: 'error',
			comment:
				'The guardrails are reached through their index only, so what they offer is written in one place.',
			from: { path: '^nodes/', pathNot: '^nodes/Outreach/guardrails/' },
			to: {
				path: '^nodes/Outreach/guardrails/',
				pathNot: '^nodes/Outreach/guardrails/index\\.ts$',
			},
		},
		{
			name: 'run-through-its-index',
			severity: 'error',
			comment:
				'The run is reached through its index only: the node file calls runItems, nothing else.',
			from: { path: '^nodes/', pathNot: '^nodes/Outreach/run/' },
			to: { path: '^nodes/Outreach/run/', pathNot: '^nodes/Outreach/run/index\\.ts$' },
		},
		{
			name: 'wire-through-its-index',
			severity: 'error',
			comment:
				'The flow takes turns for requests the wire sends; it knows the wire by its index only.',
			from: { path: '^nodes/Outreach/transport/flow/' },
			to: {
				path: '^nodes/Outreach/transport/wire/',
				pathNot: '^nodes/Outreach/transport/wire/index\\.ts$',
			},
		},
		{
			name: 'operations-declare-only',
			severity: 'error',
			comment:
				'An operation file declares its fields, request and output; it never sends, checks or runs anything, so adding one touches nothing else.',
			from: { path: '^nodes/Outreach/(actions|fields)/' },
			to: { path: '^nodes/Outreach/(run|transport|guardrails|methods)/' },
		},
		{
			name: 'a-resource-stands-alone',
			severity: 'error',
			comment:
				'No resource knows another: each folder under actions/ is read alone, beside what every operation is (actions/operation.ts).',
			from: { path: '^nodes/Outreach/actions/([^/]+)/' },
			to: {
				path: '^nodes/Outreach/actions/',
				pathNot: ['^nodes/Outreach/actions/($1/|operation\\.ts$)'],
			},
		},
		{
			name: 'fields-below-operations',
			severity: 'error',
			comment: 'fields/ holds what every operation shares; it must not depend on any one of them.',
			from: { path: '^nodes/Outreach/fields/' },
			to: { path: '^nodes/Outreach/actions/', pathNot: '^nodes/Outreach/actions/operation\\.ts$' },
		},
		{
			name: 'the-run-knows-no-operation',
			severity: 'error',
			comment:
				'The run serves every operation by its declared shape; naming one would make adding an operation touch it.',
			from: { path: '^nodes/Outreach/(run|methods)/' },
			to: { path: '^nodes/Outreach/actions/', pathNot: '^nodes/Outreach/actions/operation\\.ts$' },
		},
		{
			name: 'pickers-stand-apart',
			severity: 'error',
			comment:
				'The pickers are entry points n8n calls from the editor: they read through the transport and share nothing with a run.',
			from: { path: '^nodes/Outreach/methods/' },
			to: { path: '^(nodes|credentials)/', pathNot: '^nodes/Outreach/(methods|transport|shared)/' },
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

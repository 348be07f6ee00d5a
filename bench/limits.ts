/**
 * Sections 7, 9 and 10 of the bench: the node against services that limit their callers, against a
 * slow service that limits nothing, and a single call started during a bulk run on the same account.
 * Each sandbox runs in its own process; every measurement uses a service account of its own unless it
 * is the second run on one, so that nothing learned carries over by accident.
 */
import { DEFAULT_CONCURRENT_REQUESTS } from '../nodes/Outreach/shared/constants';
import { startOutreach } from '../support/engine/engine';
import { leads, callEachLead } from '../support/leads';
import {
	measureAgainstLimit,
	measureWay,
	newAccount,
	PREVIOUS_NODE_TYPE,
	PREVIOUS_PACKAGE,
	WAY_LABELS,
	type LimitedSample,
} from './makeCallWays';
import { median, print, row, RUNS, section, spread } from './report';
import { startSandboxProcess, type SandboxLimit } from './sandboxProcess';

/** Executions started at once in section 7's burst. */
const BURST_EXECUTIONS = 20;
/** Rounds of section 7 and 10: at most five, each way back to back in every round. */
const LIMIT_ROUNDS = Math.min(RUNS, 5);

/** A limited sandbox of section 7: how it limits, and how many requests it admits in `wallMs`. */
interface LimitedService {
	label: string;
	limit: SandboxLimit;
	calls: number;
	admits(wallMs: number): number;
}

const atOnce = (concurrent: number, serviceMs: number, calls: number): LimitedService => ({
	label: `admits ${concurrent} at a time, each ${serviceMs} ms (429 + Retry-After: 1 beyond)`,
	limit: { concurrent, serviceMs },
	calls,
	admits: (wallMs) => (concurrent * wallMs) / serviceMs,
});

/**
 * A service admitting `perSecond` a second, answering an admitted request after `delayMs` (a refusal
 * at once); its first second's budget counts as admitted at once.
 */
const aSecond = (
	perSecond: number,
	window: 'bucket' | 'fixed',
	retryAfter: 'seconds' | 'date',
	calls: number,
	delayMs = 0,
): LimitedService => ({
	label: `admits ${perSecond} a second${delayMs ? `, each ${delayMs} ms` : ''} (${window === 'bucket' ? 'a bucket refilling at that rate' : 'fixed windows of a second'}; 429 + Retry-After ${retryAfter === 'date' ? 'as an HTTP date' : 'in seconds'} beyond)`,
	limit: { perSecond, window, retryAfter, delayMs },
	calls,
	admits: (wallMs) => perSecond + (perSecond * wallMs) / 1_000,
});

/**
 * Calling services take hundreds of milliseconds to place a call: 100 ms keeps the rounds short. The
 * 15 ms service is the one earlier releases were measured against, where this machine's own time per
 * request (about a millisecond) is a large part of the service's. The services limiting a second
 * answer in a millisecond or two, or in 300 ms (the two marked slow).
 */
const ALL_LIMITED_SERVICES: LimitedService[] = [
	atOnce(3, 100, 500),
	atOnce(10, 100, 1_000),
	atOnce(3, 15, 500),
	aSecond(200, 'bucket', 'seconds', 2_000),
	aSecond(100, 'fixed', 'seconds', 1_000),
	aSecond(100, 'fixed', 'date', 1_000),
	// Slow: at the default 25 in flight a run could send 83 a second.
	aSecond(50, 'fixed', 'seconds', 500, 300),
	aSecond(50, 'bucket', 'seconds', 500, 300),
	// Fewer calls: what learning the limit on first contact costs weighs more.
	aSecond(100, 'fixed', 'date', 400),
];
/** The entries of `all` that the variable `name` names by position from 1 (1,4); all when unset. */
function chosen<T>(all: T[], name: string): T[] {
	const positions = process.env[name];
	if (!positions) return all;
	return positions.split(',').map((position) => {
		const entry = all[Number(position) - 1];
		if (!entry) throw new Error(`${name}: nothing at position ${position}`);
		return entry;
	});
}

/** The sandboxes to run (BENCH_LIMITED_SERVICES=1,4). */
const LIMITED_SERVICES = chosen(ALL_LIMITED_SERVICES, 'BENCH_LIMITED_SERVICES');

type Shape = 'one run' | 'burst' | 'second run';
/** The shapes to run (BENCH_LIMIT_SHAPES='one run,burst'); all when unset. */
const SHAPES = (process.env.BENCH_LIMIT_SHAPES?.split(',') ?? [
	'one run',
	'second run',
	'burst',
]) as Shape[];

/** The loops that keep exactly a service's N in flight; their samples are kept under their names. */
const LOOPS = ['raw', 'helper'] as const;

/**
 * Section 7: Make Call with default settings against sandboxes that limit their callers: one run, a
 * burst of executions, and a second run on an account whose limit the first taught the node. The
 * share of what the sandbox admits that the node used (calls placed ÷ requests it could have admitted
 * in the time taken, learning included) and the share of requests it refused.
 */
export async function atTheLimit() {
	const ways: Array<'node' | 'previous'> = PREVIOUS_PACKAGE ? ['node', 'previous'] : ['node'];
	section(
		'7. Make Call at the service’s limit (default settings: one run, a burst of executions, a second run)',
		[
			'sandbox',
			'calls',
			'way',
			'wall',
			'share of the limit used',
			'share of what the loop used',
			'share of what the helper’s loop used',
			'requests refused (429)',
			'errors',
		],
		`Medians over ${LIMIT_ROUNDS} rounds, min–max in brackets. The burst is ${BURST_EXECUTIONS} executions started at once, the calls split between them. The second run goes on the account the one run just used, within seconds: it starts from what the node learned. Every other measurement uses a service account of its own. Against a service admitting N at a time, a fetch loop keeping exactly N in flight (it knows the limit, and is never refused) shows what this machine and the sandbox let any client use; "share of what the loop used" is the node's share ÷ the loop's, round by round. The same loop on n8n's HTTP helper, which every node sends through (a new connection a request), shows what any n8n node could use.`,
	);
	for (const service of LIMITED_SERVICES) {
		const sandbox = await startSandboxProcess(100, service.limit);
		try {
			const samples = new Map<string, LimitedSample[]>();
			const add = (key: string, sample: LimitedSample) =>
				samples.set(key, [...(samples.get(key) ?? []), sample]);
			for (let round = 0; round < LIMIT_ROUNDS; round++) {
				for (const way of ways) {
					// A rate-limited sandbox starts each measurement with its budget back.
					const rest = async () => {
						if (service.limit.perSecond) await new Promise((resolve) => setTimeout(resolve, 1_100));
					};
					const account = newAccount();
					for (const shape of SHAPES) {
						await rest();
						const executions = shape === 'burst' ? BURST_EXECUTIONS : 1;
						// The second run goes on the one run's account, within seconds.
						const options = shape === 'burst' ? {} : { account };
						add(
							`${way} ${shape}`,
							await measureAgainstLimit(sandbox, way, service.calls, executions, options),
						);
					}
				}
				const { concurrent } = service.limit;
				for (const way of concurrent ? LOOPS : []) {
					// measureWay fails unless every request was admitted: a loop is never refused.
					const { wallMs, requests } = await measureWay(sandbox, way, service.calls, concurrent);
					add(way, { wallMs, placed: requests, errors: 0, requests, refused: 0 });
				}
			}
			const share = (sample: LimitedSample) => sample.placed / service.admits(sample.wallMs);
			const ofLoop = (measured: LimitedSample[], way: (typeof LOOPS)[number]) => {
				const loop = samples.get(way);
				return loop
					? `${spread(measured.map((sample, round) => share(sample) / share(loop[round])))}×`
					: '';
			};
			const refusedShare = (sample: LimitedSample) => (100 * sample.refused) / sample.requests;
			for (const shape of SHAPES) {
				for (const way of ways) {
					const measured = samples.get(`${way} ${shape}`) ?? [];
					row(
						service.label,
						shape === 'burst'
							? `${BURST_EXECUTIONS} × ${service.calls / BURST_EXECUTIONS} at once`
							: `${service.calls} in ${shape === 'one run' ? 'one run' : 'a second run'}`,
						WAY_LABELS[way],
						`${spread(measured.map((sample) => sample.wallMs / 1_000))} s`,
						`${spread(measured.map(share))}×`,
						ofLoop(measured, 'raw'),
						ofLoop(measured, 'helper'),
						`${spread(measured.map(refusedShare))} %`,
						median(measured.map((sample) => sample.errors)),
					);
				}
			}
			for (const way of LOOPS) {
				const loop = samples.get(way);
				if (!loop) continue;
				row(
					service.label,
					`${service.calls} in one run`,
					`${WAY_LABELS[way]}, exactly ${service.limit.concurrent} in flight`,
					`${spread(loop.map((sample) => sample.wallMs / 1_000))} s`,
					`${spread(loop.map(share))}×`,
					ofLoop(loop, 'raw'),
					ofLoop(loop, 'helper'),
					'0 %',
					0,
				);
			}
		} finally {
			await sandbox.stop();
		}
	}
}

/** Section 9's cases: leads, the service's time per call, and the Max Concurrent Requests tried. */
const ALL_SLOW_CASES: Array<{ leads: number; serviceMs: number; settings: number[] }> = [
	{ leads: 10, serviceMs: 800, settings: [DEFAULT_CONCURRENT_REQUESTS] },
	{ leads: 100, serviceMs: 300, settings: [DEFAULT_CONCURRENT_REQUESTS, 100] },
	{ leads: 1_000, serviceMs: 300, settings: [DEFAULT_CONCURRENT_REQUESTS, 250] },
];
/** The cases to run (BENCH_SLOW_CASES=2,3). */
const SLOW_CASES = chosen(ALL_SLOW_CASES, 'BENCH_SLOW_CASES');

/**
 * Section 9: a slow service that limits nothing. The ideal at a setting is one service time per
 * round of that many in flight; n8n's HTTP Request node sends every item at once (its ideal is one
 * service time), and a fetch loop keeps exactly the setting in flight (what this machine and the
 * sandbox let any client reach), as does a loop on n8n's HTTP helper (what any n8n node could reach),
 * measured in the same run.
 */
export async function slowService() {
	section(
		'9. Make Call against a slow service that limits nothing',
		[
			'leads',
			'service time',
			'way',
			'Max Concurrent Requests',
			'wall',
			'ideal',
			'share of the ideal',
		],
		`Medians over ${LIMIT_ROUNDS} rounds, min–max in brackets.`,
	);
	for (const { leads: count, serviceMs, settings } of SLOW_CASES) {
		const sandbox = await startSandboxProcess(100, { delayMs: serviceMs });
		try {
			const nodes: Array<'node' | 'previous'> = PREVIOUS_PACKAGE ? ['node', 'previous'] : ['node'];
			const ways = [
				...nodes.flatMap((way) => settings.map((setting) => ({ way, setting }))),
				{ way: 'http' as const, setting: count },
				...settings.map((setting) => ({ way: 'raw' as const, setting })),
				...settings.map((setting) => ({ way: 'helper' as const, setting })),
			];
			const measure = async (
				way: 'node' | 'previous' | 'http' | 'raw' | 'helper',
				setting: number,
			) => {
				if (way === 'raw' || way === 'helper')
					return (await measureWay(sandbox, way, count, setting)).wallMs;
				const sample = await measureAgainstLimit(sandbox, way, count, 1, { concurrency: setting });
				if (sample.errors) throw new Error(`${WAY_LABELS[way]}: ${sample.errors} calls failed`);
				return sample.wallMs;
			};
			const walls = ways.map(() => [] as number[]);
			// Warm up every way once (JIT, sockets, module loading).
			for (const { way, setting } of ways) await measure(way, setting);
			for (let round = 0; round < LIMIT_ROUNDS; round++) {
				for (const [index, { way, setting }] of ways.entries())
					walls[index].push(await measure(way, setting));
			}
			for (const [index, { way, setting }] of ways.entries()) {
				const ideal = Math.ceil(count / setting) * serviceMs;
				row(
					count,
					`${serviceMs} ms`,
					WAY_LABELS[way],
					way === 'http' ? 'all at once' : setting,
					`${spread(walls[index].map((wall) => wall / 1_000))} s`,
					`${(ideal / 1_000).toFixed(2)} s`,
					`${spread(walls[index].map((wall) => ideal / wall))}×`,
				);
			}
		} finally {
			await sandbox.stop();
		}
	}
}

/**
 * Section 10: a single lead's execution started in the middle of a bulk run of 120 on the same
 * account, against a service admitting 3 at a time, each call 300 ms: how long the single lead waits
 * for its call's answer.
 */
export async function fairness() {
	const ways: Array<'node' | 'previous'> = PREVIOUS_PACKAGE ? ['node', 'previous'] : ['node'];
	section(
		'10. A single lead during a bulk run on the same account (3 at a time, 300 ms each)',
		['way', 'single lead answered after', 'bulk run'],
		`Medians over ${LIMIT_ROUNDS} rounds, min–max in brackets. One service time for a turn to free, one for the call itself: about 0.6 s.`,
	);
	const sandbox = await startSandboxProcess(100, { concurrent: 3, serviceMs: 300 });
	try {
		const waits = new Map(ways.map((way) => [way, [] as number[]]));
		const bulks = new Map(ways.map((way) => [way, [] as number[]]));
		for (let round = 0; round < LIMIT_ROUNDS; round++) {
			for (const way of ways) {
				await sandbox.clear();
				const credentials = { baseUrl: sandbox.url, accessToken: newAccount() };
				const nodeType = way === 'node' ? undefined : PREVIOUS_NODE_TYPE;
				const started = Date.now();
				const bulk = startOutreach(callEachLead, { items: leads(120), credentials, nodeType });
				for (
					let stats = await sandbox.stats();
					stats.requests - stats.refused < 30;
					stats = await sandbox.stats()
				)
					await new Promise((resolve) => setTimeout(resolve, 20));
				const asked = Date.now();
				const single = await startOutreach(callEachLead, {
					items: [{ json: { phone: '+14155559999', name: 'Single' } }],
					credentials,
					nodeType,
				}).result;
				if (single.error) throw new Error(`${WAY_LABELS[way]}: ${single.error.message}`);
				waits.get(way)!.push(Date.now() - asked);
				await bulk.result;
				bulks.get(way)!.push(Date.now() - started);
			}
		}
		for (const way of ways) {
			row(
				WAY_LABELS[way],
				`${spread(waits.get(way)!.map((wait) => wait / 1_000))} s`,
				`${spread(bulks.get(way)!.map((wall) => wall / 1_000))} s`,
			);
		}
	} finally {
		await sandbox.stop();
	}
	print('');
}

// npm run bench:profile -- <way> [<way>…]: where the CPU time of 1,000 Make Calls goes, one way at a
// time (node, floor, http), from V8's sampling profiler: self time grouped by the code it belongs to,
// and the busiest functions. Used to explain the differences the bench's section 1 measures.
import '../support/engine/userFolder';

import { Session } from 'node:inspector/promises';

import { runBenchScript } from './benchProcess';
import { measureWay, registerComparedNodes, WAY_LABELS, type WayName } from './makeCallWays';
import { startSandboxProcess } from './sandboxProcess';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	hitCount?: number;
}

/** Which code a frame belongs to, in a few groups that tell the story. */
function groupOf(url: string, functionName: string): string {
	if (!url) return functionName.startsWith('(') ? functionName : '(native)';
	if (url.includes('n8n-nodes-base')) return 'HTTP Request node';
	if (url.includes('/dist/nodes/') || url.includes('/dist/credentials/')) return 'this package';
	if (
		/n8n-workflow\/.*(expression|workflow-data-proxy|extensions)/.test(url) ||
		/tournament|luxon|jmespath/.test(url)
	)
		return 'n8n expressions (incl. luxon)';
	if (url.includes('routing-node')) return 'n8n-core routing engine';
	if (url.includes('n8n-core') && url.includes('request')) return 'n8n-core HTTP helpers';
	if (/axios|follow-redirects|form-data|proxy-agent/.test(url)) return 'axios and agents';
	if (url.includes('n8n-core')) return 'n8n-core (other)';
	if (url.includes('n8n-workflow')) return 'n8n-workflow (other)';
	if (url.startsWith('node:')) return 'Node.js (http, net, streams, events…)';
	return 'other';
}

async function profile(way: WayName, runs: number) {
	const sandbox = await startSandboxProcess(100);
	const session = new Session();
	session.connect();
	try {
		await measureWay(sandbox, way, 200);
		await session.post('Profiler.enable');
		await session.post('Profiler.setSamplingInterval', { interval: 100 });
		await session.post('Profiler.start');
		for (let run = 0; run < runs; run++) await measureWay(sandbox, way, 1000);
		const { profile } = (await session.post('Profiler.stop')) as unknown as {
			profile: { nodes: ProfileNode[]; samples: number[] };
		};
		const byId = new Map(profile.nodes.map((node) => [node.id, node]));
		const groups = new Map<string, number>();
		const functions = new Map<string, number>();
		const inGroup = new Map<string, number>();
		for (const id of profile.samples) {
			const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
			if (functionName === '(idle)') continue;
			const group = groupOf(url, functionName);
			groups.set(group, (groups.get(group) ?? 0) + 1);
			const where = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
			functions.set(where, (functions.get(where) ?? 0) + 1);
			if (group === process.env.PROFILE_GROUP) inGroup.set(where, (inGroup.get(where) ?? 0) + 1);
		}
		const total = [...groups.values()].reduce((sum, count) => sum + count, 0);
		const share = (count: number) => `${((100 * count) / total).toFixed(1)}%`;
		process.stdout.write(
			`\n## ${WAY_LABELS[way]}: ${runs} × 1,000 Make Calls, ${total} busy samples\n`,
		);
		process.stdout.write('| code | busy CPU samples | share |\n|---|---|---|\n');
		for (const [group, count] of [...groups].sort((a, b) => b[1] - a[1])) {
			process.stdout.write(`| ${group} | ${count} | ${share(count)} |\n`);
		}
		process.stdout.write('\nBusiest functions (self time):\n');
		for (const [where, count] of [...functions]
			.sort((a, b) => b[1] - a[1])
			.slice(0, Number(process.env.PROFILE_TOP ?? 12))) {
			process.stdout.write(`- ${share(count)} ${where}\n`);
		}
		if (inGroup.size)
			process.stdout.write(`\nBusiest functions of ${process.env.PROFILE_GROUP}:\n`);
		for (const [where, count] of [...inGroup].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
			process.stdout.write(`- ${share(count)} ${where}\n`);
		}
	} finally {
		session.disconnect();
		await sandbox.stop();
	}
}

async function main() {
	const ways = (
		process.argv.slice(2).length ? process.argv.slice(2) : ['floor', 'http']
	) as WayName[];
	registerComparedNodes(ways.some((way) => way.startsWith('http')));
	for (const way of ways) await profile(way, Number(process.env.PROFILE_RUNS ?? 5));
}

runBenchScript(main);

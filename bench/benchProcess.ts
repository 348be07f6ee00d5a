import { shutdownEngine } from '../support/engine/engine';
import { removeUserFolder } from '../support/engine/userFolder';

/**
 * Runs a bench script's `main`, then shuts n8n-core's engine down and removes its temporary user
 * folder; on failure, the stack and exit 1.
 */
export function runBenchScript(main: () => Promise<void>): void {
	main()
		.then(() => {
			shutdownEngine();
			removeUserFolder();
		})
		.catch((error) => {
			process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
			removeUserFolder();
			process.exit(1);
		});
}

/**
 * Samples this process's memory every `intervalMs` from a baseline taken after a garbage collection
 * (with --expose-gc); `stop()` returns how far the peaks rose above it, in bytes.
 */
export function samplePeakMemory(intervalMs: number) {
	global.gc?.();
	const baseline = process.memoryUsage();
	let peakRss = baseline.rss;
	let peakHeap = baseline.heapUsed;
	const sample = () => {
		const usage = process.memoryUsage();
		peakRss = Math.max(peakRss, usage.rss);
		peakHeap = Math.max(peakHeap, usage.heapUsed);
	};
	const timer = setInterval(sample, intervalMs);
	return {
		stop: () => {
			clearInterval(timer);
			sample();
			return { rssGrowth: peakRss - baseline.rss, heapGrowth: peakHeap - baseline.heapUsed };
		},
	};
}

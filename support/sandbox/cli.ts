import { startSandbox } from './server';
import { sandboxSettings } from './settings';

async function main() {
	const { port, options } = sandboxSettings();
	const sandbox = await startSandbox(port, options);
	console.log(`Outreach sandbox listening on ${sandbox.url}`);
	console.log(`  credential: Base URL ${sandbox.url}, Access Token ${sandbox.token}`);
	console.log(
		`  ${options.seedCustomers} customers and the examples' knowledge base kb_support seeded; every request is validated against spec/outreach.openapi.yaml and logged here`,
	);
	if (options.rateLimit) {
		console.log(
			`  rate-limited: ${options.rateLimit.perSecond} requests a second, further ones refused with 429 and Retry-After`,
		);
	}
	if (options.concurrencyLimit) {
		console.log(
			`  concurrency-limited: ${options.concurrencyLimit.concurrent} requests in progress, each ${options.concurrencyLimit.serviceMs} ms; further ones refused with 429 and Retry-After: 1`,
		);
	}
	const shutdown = () => void sandbox.stop().then(() => process.exit(0));
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
}

void main();

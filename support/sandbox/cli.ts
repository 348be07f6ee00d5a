import { DEFAULT_TOKEN, Sandbox } from './server';

async function main() {
	const port = Number(process.env.SANDBOX_PORT ?? 4010);
	const token = process.env.SANDBOX_TOKEN ?? DEFAULT_TOKEN;
	const customers = Number(process.env.SANDBOX_CUSTOMERS ?? 25);
	const perSecond = Number(process.env.SANDBOX_RATE_LIMIT ?? 0);
	const sandbox = new Sandbox({
		token,
		seedCustomers: customers,
		recording: process.env.SANDBOX_RECORDING !== 'false',
		seedExamples: true,
		rateLimit: perSecond > 0 ? { perSecond } : undefined,
		log:
			process.env.SANDBOX_LOG === 'false' ? undefined : (line) => console.log(`  sandbox: ${line}`),
	});
	const url = await sandbox.start(port);
	console.log(`Outreach sandbox listening on ${url}`);
	console.log(`  credential: Base URL ${url}, Access Token ${token}`);
	console.log(
		`  ${customers} customers and the examples' knowledge base kb_support seeded; every request is validated against spec/outreach.openapi.yaml and logged here`,
	);
	if (perSecond > 0) {
		console.log(
			`  rate-limited: ${perSecond} requests a second, further ones refused with 429 and Retry-After`,
		);
	}
	const shutdown = () => void sandbox.stop().then(() => process.exit(0));
	process.on('SIGINT', shutdown);
	process.on('SIGTERM', shutdown);
}

void main();

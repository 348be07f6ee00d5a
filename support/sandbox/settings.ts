import type { RetryAfterStyle } from '../retryAfter';
import { DEFAULT_TOKEN, type SandboxOptions } from './server';

/**
 * The sandbox `npm run sandbox` and `npm run dev` start: its port and options, from the environment
 * (SANDBOX_PORT, SANDBOX_TOKEN, SANDBOX_CUSTOMERS, SANDBOX_RATE_LIMIT with SANDBOX_RATE_WINDOW and
 * SANDBOX_RETRY_AFTER, SANDBOX_CONCURRENT with SANDBOX_SERVICE_MS, SANDBOX_DELAY_MS, SANDBOX_RECORDING,
 * SANDBOX_LOG) or the defaults here.
 */
export function sandboxSettings(env: NodeJS.ProcessEnv = process.env) {
	const perSecond = Number(env.SANDBOX_RATE_LIMIT ?? 0);
	const concurrent = Number(env.SANDBOX_CONCURRENT ?? 0);
	const options: SandboxOptions & { seedCustomers: number; token: string } = {
		token: env.SANDBOX_TOKEN ?? DEFAULT_TOKEN,
		seedCustomers: Number(env.SANDBOX_CUSTOMERS ?? 25),
		recording: env.SANDBOX_RECORDING !== 'false',
		seedExamples: true,
		rateLimit:
			perSecond > 0
				? {
						perSecond,
						window: env.SANDBOX_RATE_WINDOW === 'fixed' ? ('fixed' as const) : ('bucket' as const),
						retryAfter: (env.SANDBOX_RETRY_AFTER ?? 'seconds') as RetryAfterStyle,
					}
				: undefined,
		delayMs: Number(env.SANDBOX_DELAY_MS ?? 0),
		concurrencyLimit:
			concurrent > 0 ? { concurrent, serviceMs: Number(env.SANDBOX_SERVICE_MS ?? 15) } : undefined,
		log: env.SANDBOX_LOG === 'false' ? undefined : (line) => console.log(`  sandbox: ${line}`),
	};
	return { port: Number(env.SANDBOX_PORT ?? 4010), options };
}

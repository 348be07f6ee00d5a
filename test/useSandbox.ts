import { Sandbox, type SandboxOptions } from '../support/sandbox/server';

/** Starts a sandbox for the test file on an ephemeral port and clears its request log before each test. */
export function useSandbox(options: SandboxOptions = {}) {
	const sandbox = new Sandbox(options);
	beforeAll(async () => {
		await sandbox.start(0);
	});
	afterAll(async () => {
		await sandbox.stop();
	});
	beforeEach(() => sandbox.clearRequests());
	return {
		sandbox,
		credentials: () => ({ baseUrl: sandbox.url, accessToken: sandbox.token }),
	};
}

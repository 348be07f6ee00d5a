import { RESENDS_AFTER_FAILURE } from '../nodes/Outreach/shared/constants';
import { Sandbox, type Fault, type SandboxOptions } from '../support/sandbox/server';

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

/** The same failing answer to a read and to each time the node sends it again: the read fails for good. */
export function failingReads({ status, message }: { status: number; message: string }): Fault[] {
	return Array.from({ length: RESENDS_AFTER_FAILURE + 1 }, () => ({
		kind: 'status',
		status,
		message,
	}));
}

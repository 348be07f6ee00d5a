import { HostileServer } from '../../support/hostile/server';

export const HOSTILE_TOKEN = 'hostile-secret-token-4242';

/**
 * Two hostile servers for a test file: `service` stands for the Base URL, `elsewhere` for another
 * origin a redirect may point to. Both record every request; neither knows the contract.
 */
let accounts = 0;

export function useHostile() {
	const service = new HostileServer();
	const elsewhere = new HostileServer();
	beforeAll(async () => {
		await service.start();
		await elsewhere.start();
	});
	afterAll(async () => {
		await service.stop();
		await elsewhere.stop();
	});
	beforeEach(() => {
		service.clear();
		elsewhere.clear();
	});
	return {
		service,
		elsewhere,
		// A token of its own each time: what the node learns of one service account's limits, shared
		// across executions in the process, does not carry from one test or property case to the next.
		credentials: () => ({ baseUrl: service.url, accessToken: `${HOSTILE_TOKEN}-${++accounts}` }),
	};
}

/** Every request that carried the token, on any server given. */
export function requestsWithToken(...servers: HostileServer[]) {
	return servers.flatMap((server) =>
		server.requests.filter((request) => JSON.stringify(request.headers).includes(HOSTILE_TOKEN)),
	);
}

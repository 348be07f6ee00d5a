import { runOutreach } from '../../support/engine/engine';
import { testCredential } from '../../support/engine/credential-test';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox({ seedCustomers: 3 });

const makeCall = {
	resource: 'call',
	operation: 'make',
	agentId: 'a1',
	phoneNumber: '+14155550101',
};

describe('Outreach API credential', () => {
	it.each(['', '/', '/v2', '/v2/', '//'])(
		'a Base URL ending in %j reaches the same paths',
		async (suffix) => {
			const { error } = await runOutreach(makeCall, {
				credentials: { ...credentials(), baseUrl: `${sandbox.url}${suffix}` },
			});
			expect(error).toBeUndefined();
			expect(sandbox.requests.map((request) => request.rawPath)).toEqual([
				'/v2/_voicecalls/a1/makeCall',
			]);
		},
	);

	it('a Base URL that is not http(s) is a clear error naming the field, and nothing is sent', async () => {
		const { error } = await runOutreach(makeCall, {
			credentials: { ...credentials(), baseUrl: sandbox.url.replace('http://', 'ftp://') },
		});
		expect(error?.message).toMatch(
			/^Base URL: "ftp:\/\/127\.0\.0\.1:\d+" is not an http:\/\/ or https:\/\/ address/,
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('the credential test asks for one campaign with the bearer token and passes', async () => {
		const result = await testCredential({ ...credentials(), baseUrl: `${sandbox.url}/v2/` });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			rawPath: '/v2/_campaigns',
			query: { page: 1, per_page: 1 },
			status: 200,
		});
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${sandbox.token}`);
	});

	it.each([
		['spaces', (token: string) => `   ${token}   `],
		['a line break', (token: string) => `${token}\n`],
		['a tab and a line break', (token: string) => `\t${token}\r\n`],
	])('an access token pasted with %s around it is sent trimmed', async (_label, pasted) => {
		const { error } = await runOutreach(makeCall, {
			credentials: { ...credentials(), accessToken: pasted(sandbox.token) },
		});
		expect(error).toBeUndefined();
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${sandbox.token}`);
		expect(sandbox.requests[0].status).toBe(200);
	});

	it('the credential test sends a pasted token trimmed too, and passes', async () => {
		const result = await testCredential({ ...credentials(), accessToken: ` ${sandbox.token}\n` });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${sandbox.token}`);
	});

	it('the credential test fails on a wrong token', async () => {
		const result = await testCredential({ ...credentials(), accessToken: 'nope' });
		expect(result.error?.message).toBeDefined();
		expect(sandbox.requests[0].status).toBe(401);
	});
});

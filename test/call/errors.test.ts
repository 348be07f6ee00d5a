import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

const makeCall = {
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: '+14155550101',
};

describe('service errors on Call → Make', () => {
	it('a 401 surfaces as an n8n API error with the status and the service message', async () => {
		const { error, items } = await runOutreach(makeCall, {
			credentials: { ...credentials(), accessToken: 'wrong-token' },
		});
		expect(items).toHaveLength(0);
		expect(error?.name).toBe('NodeApiError');
		expect((error as { httpCode?: string }).httpCode).toBe('401');
		expect(`${error?.message} ${error?.description}`).toContain('Invalid or missing access token');
		// The node reads every status itself, so n8n's helper no longer re-sends the request
		// after a 401: a static bearer token gains nothing from a second try, and an upload is sent once.
		expect(sandbox.requests.map((request) => request.status)).toEqual([401]);
	});

	it('a 500 surfaces as an n8n API error with the status and the service message', async () => {
		sandbox.injectFaults({ kind: 'status', status: 500, message: 'Telephony backend unavailable' });
		const { error } = await runOutreach(makeCall, { credentials: credentials() });
		expect(error?.name).toBe('NodeApiError');
		expect((error as { httpCode?: string }).httpCode).toBe('500');
		expect(`${error?.message} ${error?.description}`).toContain('Telephony backend unavailable');
	});

	it('a 429 with Retry-After is waited out: the call is placed once, after the wait', async () => {
		sandbox.injectFaults({
			kind: 'status',
			status: 429,
			retryAfterSeconds: 1,
			message: 'Slow down',
		});
		const started = Date.now();
		const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(sandbox.requests.map((request) => request.status)).toEqual([429, 200]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
	});

	it('an HTML error page surfaces as an API error with its status, not a JSON parse failure', async () => {
		sandbox.injectFaults({ kind: 'html', status: 502 });
		const { error } = await runOutreach(makeCall, { credentials: credentials() });
		expect(error?.name).toBe('NodeApiError');
		expect((error as { httpCode?: string }).httpCode).toBe('502');
	});

	it('a dropped connection surfaces as an error and is not reported as success', async () => {
		sandbox.injectFaults({ kind: 'drop' });
		const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
		expect(items).toHaveLength(0);
		expect(error).toBeDefined();
	});

	it('a slow response still completes', async () => {
		sandbox.injectFaults({ kind: 'slow', delayMs: 300 });
		const started = Date.now();
		const { error, items } = await runOutreach(makeCall, { credentials: credentials() });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(Date.now() - started).toBeGreaterThanOrEqual(300);
	});

	it('with Continue On Fail, a service error becomes an error item paired with its input', async () => {
		sandbox.injectFaults({ kind: 'status', status: 500, message: 'Boom' });
		const { error, items } = await runOutreach(makeCall, {
			credentials: credentials(),
			continueOnFail: true,
			items: [{ json: { n: 1 } }],
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(JSON.stringify(items[0].json)).toMatch(/error/i);
	});
});

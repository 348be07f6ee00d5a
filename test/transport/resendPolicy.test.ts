import { itemList } from '../../nodes/Outreach/run/itemList';
import {
	backoffMs,
	reachedService,
	retryAfterMs,
	resendOfStatus,
	transientFailure,
} from '../../nodes/Outreach/transport/wire/resendPolicy';

const now = Date.parse('2026-11-22T10:00:00.000Z');

describe('Retry-After', () => {
	it.each([
		['0', 0],
		['1', 1_000],
		[' 120 ', 120_000],
		['Sun, 22 Nov 2026 10:00:05 GMT', 5_000],
		['Sunday, 22-Nov-26 10:00:05 GMT', 5_000],
		['Sun Nov 22 10:00:05 2026', 5_000],
		['Sun, 22 Nov 2026 09:00:00 GMT', 0],
	])('%j asks to wait %d ms', (header, ms) => {
		expect(retryAfterMs(header, now)).toBe(ms);
	});

	it.each([undefined, '', '-1', '1.5', '+3', 'soon'])('%j asks for nothing', (header) => {
		expect(retryAfterMs(header, now)).toBeUndefined();
	});
});

describe('backoff', () => {
	it('doubles from the first wait up to 30 s, and takes a random half to whole of it', () => {
		expect([1, 2, 3, 4].map((count) => backoffMs(count, 1_000, () => 1))).toEqual([
			1_000, 2_000, 4_000, 8_000,
		]);
		expect(backoffMs(20, 1_000, () => 1)).toBe(30_000);
		expect(backoffMs(1, 1_000, () => 0)).toBe(500);
	});
});

describe('what is sent again', () => {
	it('a refusal always, a 5xx or 408 only where safe, any other status never', () => {
		expect([429, 408, 500, 502, 503, 400, 401, 404, 200].map(resendOfStatus)).toEqual([
			'refused',
			'unknown',
			'unknown',
			'unknown',
			'unknown',
			'final',
			'final',
			'final',
			'final',
		]);
	});

	it('a connection never made did not reach the service; a broken one may have', () => {
		expect(reachedService('ECONNREFUSED')).toBe(false);
		expect(reachedService('ENOTFOUND')).toBe(false);
		expect(reachedService('ECONNRESET')).toBe(true);
		expect(reachedService(undefined)).toBe(true);
		expect(transientFailure('ECONNRESET')).toBe(true);
		expect(transientFailure('ENOTFOUND')).toBe(false);
		expect(transientFailure('ERR_TLS_CERT_ALTNAME_INVALID')).toBe(false);
	});
});

describe('item lists in errors', () => {
	it('name items from 1, in ranges, and say how many ranges they leave out', () => {
		expect(itemList([0])).toBe('item 1');
		expect(itemList([0, 1, 2, 6, 8])).toBe('items 1–3, 7 and 9');
		expect(itemList(Array.from({ length: 30 }, (_, n) => n * 2))).toBe(
			'items 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 20 more ranges',
		);
	});
});

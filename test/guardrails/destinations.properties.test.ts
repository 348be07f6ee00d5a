// Property: with Allowed Destinations set, a number reaches the service only if the digits it dials
// start with the digits of an allowed prefix, however either is written; nothing else reaches it.
import fc from 'fast-check';

import { runOutreach } from '../../support/engine/engine';
import { json } from '../../support/hostile/server';
import { useHostile } from '../hostile/useHostile';

const RUNS = Number(process.env.DESTINATION_PROPERTY_RUNS ?? 1_000);

const { service, credentials } = useHostile();

/** Dialled digits; a country code never starts with 0, so "00" is never part of them. */
const digits = (max: number) => fc.stringMatching(new RegExp(`^[1-9][0-9]{0,${max - 1}}$`));
const separator = fc.constantFrom(' ', '-', '(', ')', '.', '/');

/** `dialled` written as people write it: "+", "00" or nothing before it, separators anywhere inside. */
const written = (dialled: string) =>
	fc
		.tuple(
			fc.constantFrom('+', '00', ''),
			fc.array(fc.option(separator, { nil: '' }), {
				minLength: dialled.length,
				maxLength: dialled.length,
			}),
		)
		.map(([lead, separators]) => lead + [...dialled].map((d, i) => d + separators[i]).join(''));

/** A number whose dialled digits are known, or arbitrary text a webhook might carry. */
const number = fc.oneof(
	{
		weight: 4,
		arbitrary: digits(14).chain((dialled) => written(dialled).map((text) => ({ text, dialled }))),
	},
	{
		weight: 1,
		arbitrary: fc
			.string({ minLength: 1, maxLength: 16 })
			.map((text) => ({ text, dialled: undefined })),
	},
);

const prefix = digits(4).chain((dialled) =>
	fc
		.constantFrom(`+${dialled}`, `00${dialled}`, dialled, ` +${dialled} `)
		.map((text) => ({ text, dialled })),
);

/** The digits a text dials, read as the README describes it; undefined when it is not a number. */
function dialledDigits(text: string): string | undefined {
	const compact = text.trim().replace(/[\s().\-/]/g, '');
	const rest = compact.startsWith('+')
		? compact.slice(1)
		: compact.startsWith('00')
			? compact.slice(2)
			: compact;
	return /^[0-9]+$/.test(rest) ? rest : undefined;
}

describe('property: only numbers under an allowed prefix reach the service', () => {
	it(`holds for ${RUNS} generated numbers and prefix lists`, async () => {
		service.respondWith((_request, response) =>
			json(response, 200, { ctx_id: 'c', data: { action_id: 'act_1' } }),
		);
		await fc.assert(
			fc.asyncProperty(
				fc.array(prefix, { minLength: 1, maxLength: 3 }),
				fc.array(number, { minLength: 1, maxLength: 4 }),
				async (prefixes, numbers) => {
					service.clear();
					await runOutreach(
						{
							resource: 'action',
							operation: 'createCallTransfer',
							actionName: 'To sales',
							actionDescription: 'Transfer to a human',
							transferNumber: '={{ $json.number }}',
						},
						{
							items: numbers.map(({ text }) => ({ json: { number: text } })),
							credentials: {
								...credentials(),
								allowedDestinations: prefixes.map(({ text }) => text).join(','),
							},
							continueOnFail: true,
						},
					);
					const allowed = (dialled: string | undefined) =>
						dialled !== undefined && prefixes.some((p) => dialled.startsWith(p.dialled));
					const sent = service.requests.map((request) =>
						String(JSON.parse(request.body.toString()).phone_number),
					);
					for (const phone of sent) expect(allowed(dialledDigits(phone))).toBe(true);
					const expected = numbers
						.filter(({ dialled }) => dialled !== undefined && allowed(dialled))
						.map(({ text }) => text.trim());
					for (const phone of expected) expect(sent).toContain(phone);
				},
			),
			{ numRuns: RUNS },
		);
	}, 120_000);
});

// The guardrails where an AI agent meets them: the node run through n8n's own tool wrapper, as n8n
// runs a node attached to an AI Agent. What the agent reads is what the model reads.
import { runAsAgentTool } from '../../support/engine/agent';
import { CallingService } from '../../support/hostile/callingService';
import { useHostile } from '../hostile/useHostile';
import { leadPhone } from '../../support/leads';

const { service, credentials } = useHostile();

let calling: CallingService;
beforeEach(() => {
	calling = new CallingService();
	service.respondWith(calling.responder);
});

/** Call → Make with the number the model chooses. */
const makeCallTool = {
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: "={{ $fromAI('phone_number', 'The number to call, in E.164 format', 'string') }}",
};

const call = (phone: string) => ({ phone_number: phone });

/** What a refusal the model reads must not be: HTTP details it cannot act on. */
const HTTP_DETAILS = /\b(status code|statusCode|HTTP|https?:\/\/|stack|at \w+ \()/;

it('an agent calling the same number again and again places one call; each repeat tells it so', async () => {
	const { error, answers } = await runAsAgentTool(
		makeCallTool,
		Array.from({ length: 5 }, () => call(leadPhone(0))),
		credentials(),
	);

	expect(error).toBeUndefined();
	expect(calling.received.get(leadPhone(0))).toBe(1);
	const [first, ...repeats] = answers.map((answer) => JSON.parse(String(answer.answer)));
	expect(first).toEqual([expect.objectContaining({ call_id: `call_${leadPhone(0)}_1` })]);
	expect(first[0].repeated).toBeUndefined();
	for (const repeat of repeats) {
		expect(repeat).toEqual([
			expect.objectContaining({
				call_id: `call_${leadPhone(0)}_1`,
				repeated: true,
				notice: expect.stringContaining('Not placed again: an identical call was already placed'),
			}),
		]);
	}
});

it('a different number in the same agent run is called', async () => {
	const { answers } = await runAsAgentTool(
		makeCallTool,
		[call(leadPhone(0)), call(leadPhone(1))],
		credentials(),
	);

	expect([...calling.placed.keys()]).toEqual([leadPhone(0), leadPhone(1)]);
	expect(answers.every((answer) => answer.error === undefined)).toBe(true);
});

it('the cap holds across tool invocations, and the block tells the model that sending again will not help', async () => {
	const { answers } = await runAsAgentTool(
		makeCallTool,
		[call(leadPhone(0)), call(leadPhone(1)), call(leadPhone(2)), call(leadPhone(2))],
		{ ...credentials(), maxCallsPerExecution: 2 },
	);

	expect([...calling.placed.keys()]).toEqual([leadPhone(0), leadPhone(1)]);
	expect(service.requests).toHaveLength(2);
	for (const answer of answers.slice(2)) {
		const text = String(answer.error);
		expect(text).toContain(
			'Not sent: this execution already reached 2 people with calls and campaigns, the most the Outreach API credential allows',
		);
		expect(text).toContain('sending it again in this execution is blocked the same way');
		expect(text).not.toMatch(HTTP_DETAILS);
	}
});

it('a number outside Allowed Destinations is blocked with nothing sent, in words the model can act on', async () => {
	const { answers } = await runAsAgentTool(makeCallTool, [call('+447700900123')], {
		...credentials(),
		allowedDestinations: '+1',
	});

	expect(service.requests).toHaveLength(0);
	const text = String(answers[0].error);
	expect(text).toContain(
		'Phone Number: "+447700900123" is not an allowed destination: the Outreach API credential allows only numbers starting with +1',
	);
	expect(text).toContain('sending the same number again will not help');
	expect(text).not.toMatch(HTTP_DETAILS);
});

it("a call whose answer was lost is not placed again by the tool's Retry On Fail; the model reads why", async () => {
	calling.loseAnswer(leadPhone(0), 'bad gateway');

	const { answers } = await runAsAgentTool(
		makeCallTool,
		[call(leadPhone(0)), call(leadPhone(0))],
		credentials(),
		{ retryOnFail: { maxTries: 3, waitBetweenTries: 0 } },
	);

	expect(calling.received.get(leadPhone(0))).toBe(1);
	for (const answer of answers) {
		const text = String(answer.error);
		expect(text).toMatch(/may have been placed/);
		expect(text).not.toMatch(HTTP_DETAILS);
	}
});

it('a transfer number from the model that is not E.164 (0011…, an international prefix) is blocked; nothing is sent', async () => {
	const { answers } = await runAsAgentTool(
		{
			resource: 'action',
			operation: 'createCallTransfer',
			actionName: 'To sales',
			actionDescription: 'Transfer to a human',
			transferNumber: "={{ $fromAI('number', 'The number to transfer to', 'string') }}",
		},
		[{ number: '0011447700900123' }],
		{ ...credentials(), allowedDestinations: '+1' },
	);

	expect(service.requests).toHaveLength(0);
	const text = String(answers[0].error);
	expect(text).toContain('Phone Number: "0011447700900123" is not a phone number in E.164 format');
	expect(text).not.toMatch(HTTP_DETAILS);
});

it('body fields from the model that put numbers in a shape the check cannot read are blocked; nothing is sent', async () => {
	const { answers } = await runAsAgentTool(
		{
			...makeCallTool,
			callFields: {
				additionalBodyFields: "={{ $fromAI('fields', 'Further body fields', 'json') }}",
			},
		},
		[{ phone_number: leadPhone(0), fields: { phone_number: ['+447700900123'] } }],
		{ ...credentials(), allowedDestinations: '+1' },
	);

	expect(service.requests).toHaveLength(0);
	expect(String(answers[0].error)).toContain('Phone Number: phone_number is a list, not text');
});

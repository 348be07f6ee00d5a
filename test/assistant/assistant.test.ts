import { runOutreach } from '../../support/engine/engine';
import { useSandbox } from '../useSandbox';

const { sandbox, credentials } = useSandbox();

describe('Assistant → Create', () => {
	it('sends name, description, action IDs and the model under its assumed key', async () => {
		const { items, error } = await runOutreach(
			{
				resource: 'assistant',
				operation: 'create',
				assistantName: 'Appointment setter',
				assistantFields: {
					description: 'Books appointments',
					actions: 'act_1, act_2',
					model: 'gpt-4o',
				},
			},
			{ credentials: credentials() },
		);
		expect(error).toBeUndefined();
		expect(sandbox.requests[0]).toMatchObject({
			method: 'POST',
			rawPath: '/v2/_assistants',
			status: 201,
		});
		expect(sandbox.requests[0].body).toEqual({
			name: 'Appointment setter',
			description: 'Books appointments',
			actions: ['act_1', 'act_2'],
			model: 'gpt-4o',
		});
		expect(items[0].json).toEqual({
			id: expect.stringMatching(/^ast_/),
			name: 'Appointment setter',
		});
	});

	it('lets Additional Body Fields send the model under another name', async () => {
		await runOutreach(
			{
				resource: 'assistant',
				operation: 'create',
				assistantName: 'Support',
				assistantFields: { additionalBodyFields: '={{ { llm_model: "claude" } }}' },
			},
			{ credentials: credentials() },
		);
		expect(sandbox.requests[0].status).toBe(201);
		expect(sandbox.requests[0].body).toEqual({ name: 'Support', llm_model: 'claude' });
	});

	it('a name that evaluates to empty is an error naming the field, and nothing is sent', async () => {
		const { error } = await runOutreach(
			{ resource: 'assistant', operation: 'create', assistantName: '={{ "" }}' },
			{ credentials: credentials() },
		);
		expect(error?.message).toBe('Name: must not be empty');
		expect(sandbox.requests).toHaveLength(0);
	});
});

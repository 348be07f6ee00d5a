import { idField } from '../../fields/pathParameters';

/** The agent ID of Make Call: it goes in the path and, the same, in the body. */
export const agentId = idField({
	name: 'agentId',
	displayName: 'Agent ID',
	description: 'ID of the AI agent that handles the call',
	placeholder: 'e.g. agent_123',
	show: { resource: ['call'], operation: ['make'] },
});

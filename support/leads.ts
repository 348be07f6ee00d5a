import type { INodeExecutionData } from 'n8n-workflow';

/** The phone number of lead `n`, unique for every n below a million. */
export const leadPhone = (n: number) => `+1415${String(5_000_000 + n).padStart(7, '0')}`;

/** `count` leads as a CRM export would hand them to the node. */
export function leads(count: number): INodeExecutionData[] {
	return Array.from({ length: count }, (_, n) => ({
		json: { name: `Lead ${n}`, phone: leadPhone(n) },
	}));
}

/** Call → Make for each input item's lead. */
export const callEachLead = {
	resource: 'call',
	operation: 'make',
	agentId: 'agent-7',
	phoneNumber: '={{ $json.phone }}',
};

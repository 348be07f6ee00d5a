/** Why a guardrail blocks a request, worded for whoever reads it next, a person or an AI agent. */
export type Block = { message: string; description: string };

export function fieldBlock(field: string, problem: string, description: string): Block {
	return { message: `${field}: ${problem}`, description };
}

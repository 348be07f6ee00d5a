import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

/** An error about one form or credential field, before anything is sent. */
export function fieldError(
	node: INode,
	fieldLabel: string,
	problem: string,
	hint?: string,
	itemIndex?: number,
): NodeOperationError {
	return new NodeOperationError(node, `${fieldLabel}: ${problem}`, {
		...(itemIndex === undefined ? {} : { itemIndex }),
		description: hint,
	});
}

/** The error to pass on from a failed step: n8n's own errors as they are, anything else wrapped. */
export function nodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}

import {
	NodeApiError,
	NodeOperationError,
	type IExecuteSingleFunctions,
	type ILoadOptionsFunctions,
	type IPollFunctions,
} from 'n8n-workflow';

export type NodeContext = IExecuteSingleFunctions | ILoadOptionsFunctions | IPollFunctions;

/** An error about one form field (or credential field), raised before any request is sent. */
export function fieldError(
	context: NodeContext,
	fieldLabel: string,
	problem: string,
	hint?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${fieldLabel}: ${problem}`, {
		...('getItemIndex' in context ? { itemIndex: context.getItemIndex() } : {}),
		description: hint,
	});
}

/** The error to pass on from a failed step: n8n's own errors as they are, anything else wrapped. */
export function nodeError(context: NodeContext, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(context.getNode(), error instanceof Error ? error : String(error));
}

import {
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

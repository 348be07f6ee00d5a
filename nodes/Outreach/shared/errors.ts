import { NodeOperationError, type IExecuteSingleFunctions } from 'n8n-workflow';

/** An error about one form field of the current item, raised before any request is sent. */
export function fieldError(
	context: IExecuteSingleFunctions,
	fieldLabel: string,
	problem: string,
	hint?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${fieldLabel}: ${problem}`, {
		itemIndex: context.getItemIndex(),
		description: hint,
	});
}

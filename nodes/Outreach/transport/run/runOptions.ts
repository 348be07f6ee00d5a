import { DEFAULT_MAX_LIST_PAGES } from '../../shared/constants';
import { fieldError, type NodeContext } from '../../shared/errors';
import { wholeNumber } from '../../shared/validators';

/** A whole-number setting of the node (Options → …), at least `least`; an error names it otherwise. */
export function positiveOption(
	context: NodeContext,
	parameter: string,
	label: string,
	{ fallback, least }: { fallback: number; least: number },
): number {
	const value = context.getNodeParameter(parameter, fallback);
	const number = wholeNumber(value);
	if (number === undefined || number < least) {
		throw fieldError(
			context,
			label,
			`"${String(value)}" is not a whole number of at least ${least}`,
		);
	}
	return number;
}

/** Options → Max Pages of Get Many (Return All) and of the trigger: how far a list is read. */
export function maxPagesOption(context: NodeContext): number {
	return positiveOption(context, 'options.maxPages', 'Max Pages', {
		fallback: DEFAULT_MAX_LIST_PAGES,
		least: 1,
	});
}

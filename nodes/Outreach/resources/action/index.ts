import { resourceOperations } from '../../fields/operationList';
import { createCallTransferAction } from './createCallTransfer';
import { createEmailAction } from './createEmail';
import { createSmsAction } from './createSms';
import { createStaffingAction } from './createStaffing';
import { createTelephonyAction } from './createTelephony';
import { getManyActions } from './getAll';

export const actionDescription = resourceOperations('action', 'getAll', [
	createCallTransferAction,
	createEmailAction,
	createSmsAction,
	createStaffingAction,
	createTelephonyAction,
	getManyActions,
]);

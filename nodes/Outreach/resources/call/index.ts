import { resourceOperations } from '../../fields/operationList';
import { makeCall } from './make';

export const callDescription = resourceOperations('call', 'make', [makeCall]);

import { resourceOperations } from '../../shared/operations';
import { makeCall } from './make';

export const callDescription = resourceOperations('call', 'make', [makeCall]);

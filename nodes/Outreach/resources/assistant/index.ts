import { resourceOperations } from '../../fields/operationList';
import { createAssistant } from './create';

export const assistantDescription = resourceOperations('assistant', 'create', [createAssistant]);

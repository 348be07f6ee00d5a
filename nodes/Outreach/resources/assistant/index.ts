import { resourceOperations } from '../../shared/operations';
import { createAssistant } from './create';

export const assistantDescription = resourceOperations('assistant', 'create', [createAssistant]);

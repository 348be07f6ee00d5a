import { getMany } from '../operation';

/** Its query parameters are not shown: the other lists' page and per_page. */
export const getManyActions = getMany('actions', '/v2/_actions');

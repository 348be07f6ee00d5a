import { OUTREACH_CREDENTIAL_TYPE } from '../credentials/OutreachApi.credentials';

export { OUTREACH_CREDENTIAL_TYPE };

/** The one credential the tests, `npm run dev` and the real-n8n checks use: the sandbox's. */
export const SANDBOX_CREDENTIAL = { id: 'outreachSandbox1', name: 'Outreach sandbox' };

/** A node's reference to that credential. */
export const OUTREACH_CREDENTIALS = { [OUTREACH_CREDENTIAL_TYPE]: SANDBOX_CREDENTIAL };

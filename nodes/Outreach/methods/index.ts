/**
 * What n8n's editor calls while someone fills the form: the pickers ("From List" searches) and the
 * actions multi-select. Each reads the service through the transport, with a short bound on waits.
 */
export { getActions } from './getActions';
export { searchCampaigns } from './searchCampaigns';
export { searchCustomers } from './searchCustomers';

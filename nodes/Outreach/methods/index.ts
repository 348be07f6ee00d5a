// What n8n's editor calls while someone fills the form, with a short bound on waits.
export { getActions } from './getActions';
export { searchCampaigns } from './searchCampaigns';
export { searchCustomers } from './searchCustomers';

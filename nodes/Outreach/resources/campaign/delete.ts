import type { INodeProperties } from 'n8n-workflow';

/** Delete takes only the Campaign ID, which is defined with Get (get.ts). */
export const deleteCampaignDescription: INodeProperties[] = [];

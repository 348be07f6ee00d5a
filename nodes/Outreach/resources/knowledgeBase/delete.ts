import type { INodeProperties } from 'n8n-workflow';

/** Delete takes only the Knowledge Base ID, which is defined with Get (get.ts). */
export const deleteKnowledgeBaseDescription: INodeProperties[] = [];

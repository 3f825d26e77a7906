import type { APIRequestContext } from '@playwright/test';
import type { EmailTemplateListResponse, WorkflowListResponse } from '@receivables/contracts';

import { apiGet } from './api';

/**
 * What a reminder of a new organisation comes from: the starter "Friendly reminder" template and
 * the default workflow's first step, for `seedPlannedEmail`.
 */
export async function starterPlan(request: APIRequestContext): Promise<{ emailId: string; workflowId: string; workflowActionId: string }> {
  const template = (await apiGet<EmailTemplateListResponse>(request, '/api/emails/')).rows.find((t) => t.name === 'Friendly reminder');
  const standard = (await apiGet<WorkflowListResponse>(request, '/api/workflows/')).rows.find((w) => w.is_default);
  const step = standard?.actions[0];
  if (!template || !standard || !step) throw new Error('the new organisation has no starter template and workflow');
  return { emailId: template.id, workflowId: standard.id, workflowActionId: step.id };
}

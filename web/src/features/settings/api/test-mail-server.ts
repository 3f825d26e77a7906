import type { MailServerTestResult, MailServerUpdate } from '@receivables/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** Connect and sign in to a mail server as the sender would: `POST /api/settings/email/mail-server/test`. Saves nothing. */
export function testMailServer(input: MailServerUpdate): Promise<MailServerTestResult> {
  return apiClient.request<MailServerTestResult>('/api/settings/email/mail-server/test', { method: 'POST', body: input });
}

export function useTestMailServer() {
  return useMutation({ mutationFn: testMailServer });
}

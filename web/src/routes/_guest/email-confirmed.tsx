import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

import { EmailConfirmedCard } from '../../features/auth/components/email-confirmed-card';

// Where better-auth's confirmation links redirect (server/src/auth/account-emails.ts), `error` added when refused.
const emailConfirmedSearchSchema = z.object({
  kind: z.enum(['verify', 'change']).default('verify').catch('verify'),
  error: z.string().min(1).max(100).optional().catch(undefined),
});

export const Route = createFileRoute('/_guest/email-confirmed')({
  validateSearch: emailConfirmedSearchSchema,
  component: EmailConfirmedRoute,
});

function EmailConfirmedRoute() {
  const { kind, error } = Route.useSearch();
  return <EmailConfirmedCard kind={kind} error={error} />;
}

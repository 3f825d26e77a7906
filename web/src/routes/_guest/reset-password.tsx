import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

// Lenient like every route search: a mangled token shows "this link is not complete", never a crash.
const resetPasswordSearchSchema = z.object({
  token: z.string().min(1).max(512).optional().catch(undefined),
});

export const Route = createFileRoute('/_guest/reset-password')({
  validateSearch: resetPasswordSearchSchema,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordForm token={token} />;
}

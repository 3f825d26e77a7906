import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

import { SignInForm } from '../../features/auth/components/sign-in-form';

export const Route = createFileRoute('/_guest/signin')({
  // `notice`: what brought the person here, e.g. a password just reset (decision 0026).
  validateSearch: z.object({ notice: z.enum(['password-reset']).optional().catch(undefined) }),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect_url, notice } = Route.useSearch();
  return <SignInForm redirectUrl={redirect_url} notice={notice} />;
}

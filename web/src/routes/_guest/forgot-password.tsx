import { createFileRoute } from '@tanstack/react-router';

import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export const Route = createFileRoute('/_guest/forgot-password')({
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { redirect_url } = Route.useSearch();
  return <ForgotPasswordForm redirectUrl={redirect_url} />;
}

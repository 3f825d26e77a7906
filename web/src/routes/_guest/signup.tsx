import { createFileRoute } from '@tanstack/react-router';

import { SignUpForm } from '../../features/auth/components/sign-up-form';

export const Route = createFileRoute('/_guest/signup')({
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect_url } = Route.useSearch();
  return <SignUpForm redirectUrl={redirect_url} />;
}

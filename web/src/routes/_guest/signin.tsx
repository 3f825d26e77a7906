import { createFileRoute } from '@tanstack/react-router';

import { SignInForm } from '../../features/auth/components/sign-in-form';

export const Route = createFileRoute('/_guest/signin')({
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect_url } = Route.useSearch();
  return <SignInForm redirectUrl={redirect_url} />;
}

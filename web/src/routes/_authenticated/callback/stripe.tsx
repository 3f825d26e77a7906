import { createFileRoute } from '@tanstack/react-router';

import { StripeCallbackPanel } from '../../../features/stripe/components/stripe-callback-panel';
import { readStripeCallback, stripeCallbackSearchSchema } from '../../../lib/route-search';

export const Route = createFileRoute('/_authenticated/callback/stripe')({
  validateSearch: stripeCallbackSearchSchema,
  component: StripeCallbackRoute,
});

function StripeCallbackRoute() {
  const callback = readStripeCallback(Route.useSearch());
  return <StripeCallbackPanel callback={callback} />;
}

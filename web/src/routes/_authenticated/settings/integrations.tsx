import { createFileRoute } from '@tanstack/react-router';

import { IntegrationsSection } from '../../../features/stripe/components/integrations-section';

export const Route = createFileRoute('/_authenticated/settings/integrations')({
  // Connecting leaves for Stripe through the section's default, the browser's own navigation.
  component: () => <IntegrationsSection />,
});

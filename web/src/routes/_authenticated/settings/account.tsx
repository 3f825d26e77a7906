import { createFileRoute } from '@tanstack/react-router';

import { AccountSection } from '../../../features/account/components/account-section';

export const Route = createFileRoute('/_authenticated/settings/account')({
  component: AccountSection,
});

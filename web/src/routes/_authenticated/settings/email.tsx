import { createFileRoute } from '@tanstack/react-router';

import { EmailSettingsSection } from '../../../features/settings/components/email-settings-section';

export const Route = createFileRoute('/_authenticated/settings/email')({
  component: EmailSettingsSection,
});

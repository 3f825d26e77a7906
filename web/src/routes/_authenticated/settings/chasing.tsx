import { createFileRoute } from '@tanstack/react-router';

import { ChasingSettingsSection } from '../../../features/settings/components/chasing-settings-section';

export const Route = createFileRoute('/_authenticated/settings/chasing')({
  component: ChasingSettingsSection,
});

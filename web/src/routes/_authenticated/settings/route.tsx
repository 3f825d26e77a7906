import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';

import { SettingsLayout } from '../../../features/settings/components/settings-layout';
import { settingsSectionOf } from '../../../features/settings/settings-sections';

// The tabs; each section is a child route importing only its own feature's screen.
export const Route = createFileRoute('/_authenticated/settings')({
  component: SettingsRoute,
});

function SettingsRoute() {
  const section = useLocation({ select: (location) => settingsSectionOf(location.pathname) });
  return (
    <SettingsLayout section={section}>
      <Outlet />
    </SettingsLayout>
  );
}

import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';

import { SettingsScreen } from '../../features/settings/components/settings-screen';
import { SETTINGS_SEARCH_DEFAULTS, settingsSearchSchema, type SettingsSection } from '../../features/settings/settings-search';

export const Route = createFileRoute('/_authenticated/settings')({
  validateSearch: settingsSearchSchema,
  // The default section stays out of the URL, so a plain /settings opens Chasing.
  search: { middlewares: [stripSearchParams(SETTINGS_SEARCH_DEFAULTS)] },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { section } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSectionChange = useCallback((next: SettingsSection) => void navigate({ search: { section: next } }), [navigate]);
  return <SettingsScreen section={section} onSectionChange={onSectionChange} />;
}

import { createFileRoute, redirect } from '@tanstack/react-router';

import { SETTINGS_SECTION_PATHS, settingsRedirectSearchSchema } from '../../../features/settings/settings-sections';

// /settings opens Chasing; /settings?section=<x>, the form links took before each section had a
// path (still in sent emails and bookmarks), opens /settings/<x>. Replaced, so Back skips it.
export const Route = createFileRoute('/_authenticated/settings/')({
  validateSearch: settingsRedirectSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: SETTINGS_SECTION_PATHS[search.section], replace: true });
  },
});

import { z } from 'zod';

/** The sections of Settings, in the order the tabs show them; each is a route, `/settings/<section>`. */
export const SETTINGS_SECTIONS = ['chasing', 'email', 'templates', 'integrations', 'organisation', 'team', 'audit', 'account'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_SECTION_LABELS: Record<SettingsSection, string> = {
  chasing: 'Chasing',
  email: 'Email',
  templates: 'Templates',
  integrations: 'Integrations',
  organisation: 'Organisation',
  team: 'Team',
  audit: 'Audit log',
  account: 'Your account',
};

/** Where each section lives, as the router types its paths. */
export const SETTINGS_SECTION_PATHS = {
  chasing: '/settings/chasing',
  email: '/settings/email',
  templates: '/settings/templates',
  integrations: '/settings/integrations',
  organisation: '/settings/organisation',
  team: '/settings/team',
  audit: '/settings/audit',
  account: '/settings/account',
} as const satisfies Record<SettingsSection, `/settings/${SettingsSection}`>;

/** The section a path under /settings shows; undefined for /settings itself, which redirects. */
export function settingsSectionOf(pathname: string): SettingsSection | undefined {
  const segment = pathname.split('/')[2];
  return SETTINGS_SECTIONS.find((section) => section === segment);
}

/**
 * `/settings?section=`: the form every link took before each section had its own path, still in
 * sent emails and bookmarks; `/settings` redirects it to the section's path. Lenient like every
 * route search (docs/style.md): anything unknown, or none, opens Chasing.
 */
export const settingsRedirectSearchSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS).default('chasing').catch('chasing'),
});

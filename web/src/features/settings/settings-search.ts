import { z } from 'zod';

/** The sections of Settings, in the order the tabs show them. */
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

export const SETTINGS_SEARCH_DEFAULTS = { section: 'chasing' } as const;

/** `/settings?section=`: lenient like every route search (docs/style.md); anything unknown opens Chasing. */
export const settingsSearchSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS).default(SETTINGS_SEARCH_DEFAULTS.section).catch(SETTINGS_SEARCH_DEFAULTS.section),
});
export type SettingsSearch = z.infer<typeof settingsSearchSchema>;

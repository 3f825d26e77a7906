import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { PageHeader } from '../../../components/page-header';
import { SETTINGS_SECTION_LABELS, SETTINGS_SECTION_PATHS, SETTINGS_SECTIONS, type SettingsSection } from '../settings-sections';

/** A tab that is a link to its section's route: it can be opened in a new tab or copied. */
const TabLink = createLink(Tab);

const tabId = (section: SettingsSection) => `settings-tab-${section}`;
const panelId = (section: SettingsSection) => `settings-panel-${section}`;

interface SettingsLayoutProps {
  /** The section on screen; undefined only while `/settings` redirects to one. */
  section: SettingsSection | undefined;
  /** The section's own route (its feature's screen). */
  children: ReactNode;
}

/**
 * Settings, one section at a time behind tabs. Each section is a route of its own
 * (`/settings/<section>`), so a link or a reload opens the same one, and this layout knows only the
 * sections' names and paths, never their screens. On a phone the tabs scroll sideways rather than wrap.
 */
export function SettingsLayout({ section, children }: SettingsLayoutProps) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="When reminders go, how they leave and what they say; where invoices come from; who is on the team, and what changed."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={section ?? false} aria-label="Settings sections" variant="scrollable" scrollButtons={false}>
          {SETTINGS_SECTIONS.map((s) => (
            // Only the chosen section is rendered, so only its tab can point at a panel.
            <TabLink
              key={s}
              value={s}
              to={SETTINGS_SECTION_PATHS[s]}
              label={SETTINGS_SECTION_LABELS[s]}
              id={tabId(s)}
              aria-controls={s === section ? panelId(s) : undefined}
            />
          ))}
        </Tabs>
      </Box>
      {section ? (
        <div role="tabpanel" id={panelId(section)} aria-labelledby={tabId(section)}>
          {children}
        </div>
      ) : null}
    </>
  );
}

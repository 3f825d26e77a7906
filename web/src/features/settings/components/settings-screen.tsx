import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

import { PageHeader } from '../../../components/page-header';
import { TemplatesSection } from '../../emails/components/templates-section';
import { IntegrationsSection } from '../../stripe/components/integrations-section';
import { SETTINGS_SECTION_LABELS, SETTINGS_SECTIONS, type SettingsSection } from '../settings-search';

import { ChasingSettingsSection } from './chasing-settings-section';
import { EmailSettingsSection } from './email-settings-section';

const tabId = (section: SettingsSection) => `settings-tab-${section}`;
const panelId = (section: SettingsSection) => `settings-panel-${section}`;

interface SettingsScreenProps {
  section: SettingsSection;
  onSectionChange: (section: SettingsSection) => void;
}

/**
 * Settings, one section at a time behind tabs; the section is in the URL (`?section=`) so a link
 * or a reload opens the same one. On a phone the tabs scroll sideways rather than wrap.
 */
export function SettingsScreen({ section, onSectionChange }: SettingsScreenProps) {
  return (
    <>
      <PageHeader title="Settings" description="When your organisation sends reminders, how they leave, what they say, and where invoices come from." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={section}
          onChange={(_event, value: SettingsSection) => onSectionChange(value)}
          aria-label="Settings sections"
          variant="scrollable"
          scrollButtons={false}
        >
          {SETTINGS_SECTIONS.map((s) => (
            // Only the chosen section is rendered, so only its tab can point at a panel.
            <Tab
              key={s}
              value={s}
              label={SETTINGS_SECTION_LABELS[s]}
              id={tabId(s)}
              aria-controls={s === section ? panelId(s) : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id={panelId(section)} aria-labelledby={tabId(section)}>
        <SettingsSectionPanel section={section} />
      </div>
    </>
  );
}

function SettingsSectionPanel({ section }: { section: SettingsSection }) {
  switch (section) {
    case 'chasing':
      return <ChasingSettingsSection />;
    case 'email':
      return <EmailSettingsSection />;
    case 'templates':
      return <TemplatesSection />;
    case 'integrations':
      return <IntegrationsSection goTo={undefined} />;
  }
}

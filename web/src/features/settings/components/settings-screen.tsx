import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

import { PageHeader } from '../../../components/page-header';
import { AccountSection } from '../../account/components/account-section';
import { AuditSection } from '../../audit/components/audit-section';
import { TemplatesSection } from '../../emails/components/templates-section';
import { OrganisationSection } from '../../organisation/components/organisation-section';
import { IntegrationsSection } from '../../stripe/components/integrations-section';
import { TeamSection } from '../../team/components/team-section';
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
      <PageHeader
        title="Settings"
        description="When reminders go, how they leave and what they say; where invoices come from; who is on the team, and what changed."
      />
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
    case 'organisation':
      return <OrganisationSection />;
    case 'team':
      return <TeamSection />;
    case 'audit':
      return <AuditSection />;
    case 'account':
      return <AccountSection />;
  }
}

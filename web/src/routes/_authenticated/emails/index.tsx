import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { createFileRoute } from '@tanstack/react-router';

import { PlaceholderPage } from '../../../components/placeholder-page';
import { emailTabSchema, emailsSearchSchema, type EmailTab } from '../../../lib/route-search';

const TAB_LABELS: Record<EmailTab, string> = { outbox: 'Outbox', inbox: 'Inbox', all: 'All' };

export const Route = createFileRoute('/_authenticated/emails/')({
  validateSearch: emailsSearchSchema,
  component: ActivityRoute,
});

function ActivityRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PlaceholderPage
      title="Activity"
      description="Every email sent, drafted, failed or received, newest first."
      points={[
        'Outbox: reminders scheduled, sent, drafted in dry run, or failed, with the reason.',
        'Inbox: replies from your customers, linked to the customer they came from.',
        'Preview any email, send a pending one now, or stop it before it goes.',
      ]}
    >
      <Tabs
        value={tab}
        onChange={(_event, value: EmailTab) => void navigate({ search: (prev) => ({ ...prev, tab: value }) })}
        aria-label="Activity views"
        sx={{ mb: 3 }}
      >
        {emailTabSchema.options.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
    </PlaceholderPage>
  );
}

import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventTab } from '@receivables/contracts';
import type { ReactNode } from 'react';

import { MailSettingsLink } from '../../../components/mail-settings-link';
import { emptyTabText } from '../event-words';

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
      <MailOutlineRounded color="action" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** An empty tab, saying why nothing is there; for one customer, the way back to everyone's. */
interface NoEventsProps {
  tab: EventTab;
  customerName: string | null;
  /** Given when the list shows one customer's emails. */
  onShowEveryone?: () => void;
}

export function NoEvents({ tab, customerName, onShowEveryone }: NoEventsProps) {
  const { title, body } = emptyTabText(tab, customerName);
  return (
    <EmptyState title={title}>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {body}
      </Typography>
      {/* How replies come in is set up there: the reply-to domain, or a forwarding service's webhook. */}
      {tab === 'inbox' ? <MailSettingsLink /> : null}
      {onShowEveryone ? (
        <Button variant="outlined" onClick={onShowEveryone}>
          Show every customer’s emails
        </Button>
      ) : null}
    </EmptyState>
  );
}

/** The URL asks for a page past the end (an old link, or emails have gone). */
export function PastTheEnd({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <EmptyState title="This page is past the end of the list">
      <Button variant="outlined" onClick={onFirstPage}>
        Go to the first page
      </Button>
    </EmptyState>
  );
}

/** Nothing matches the status or days chosen; the tab itself may hold emails. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState title="No email matches these filters">
      <Button variant="outlined" onClick={onClear}>
        Clear filters
      </Button>
    </EmptyState>
  );
}

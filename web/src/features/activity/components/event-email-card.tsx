import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail } from '@receivables/contracts';
import { useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { type EmailPart, EmailPartToggle, EmailPartView } from '../../../components/email-parts';
import { SectionCard } from '../../../components/section-card';
import { describeAddresses, liveRenderWords } from '../event-words';

function Address({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '3.5rem minmax(0, 1fr)', columnGap: 1 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The email as the customer reads it: who it is from and to, then the HTML in a sandboxed frame
 * (no scripts, an opaque origin: EmailFrame) or its plain-text part.
 */
export function EventEmailCard({ event }: { event: EventDetail }) {
  const [part, setPart] = useState<EmailPart>('html');
  const today = useOrganisationToday();
  const noContent = event.html === '' && event.text === '';
  return (
    <SectionCard
      title="The email"
      description={event.live_render ? liveRenderWords(event.live_render_day, today) : undefined}
      actions={
        noContent ? undefined : (
          <EmailPartToggle part={part} onChange={setPart} />
        )
      }
    >
      <Stack spacing={2}>
        <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
          <Address label="From" value={event.from ?? 'The organisation’s sender (set with the mail settings)'} />
          <Address label="To" value={event.to.length > 0 ? describeAddresses(event.to) : 'Nobody'} />
          {event.cc.length > 0 ? <Address label="Cc" value={describeAddresses(event.cc)} /> : null}
          <Address label="Subject" value={event.subject} />
        </Stack>
        {noContent ? (
          <Typography color="text.secondary">This email has no content to show.</Typography>
        ) : (
          <EmailPartView part={part} html={event.html} text={event.text} title={`Email: ${event.subject}`} height={{ xs: 560, sm: 600 }} />
        )}
      </Stack>
    </SectionCard>
  );
}

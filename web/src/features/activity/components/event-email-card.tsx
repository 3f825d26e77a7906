import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { EventDetail } from '@receivables/contracts';
import { useState } from 'react';

import { SectionCard } from '../../../components/section-card';
import { EmailFrame } from '../../workflows/components/email-frame';
import { describeAddresses } from '../event-words';

type Part = 'html' | 'text';

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
  const [part, setPart] = useState<Part>('html');
  const noContent = event.html === '' && event.text === '';
  return (
    <SectionCard
      title="The email"
      description={event.live_render ? 'Rendered from today’s figures: what would go out now.' : undefined}
      actions={
        noContent ? undefined : (
          <ToggleButtonGroup
            value={part}
            exclusive
            size="small"
            onChange={(_event, next: Part | null) => (next ? setPart(next) : undefined)}
            aria-label="Which part of the email"
          >
            <ToggleButton value="html">Formatted</ToggleButton>
            <ToggleButton value="text">Plain text</ToggleButton>
          </ToggleButtonGroup>
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
        ) : part === 'html' ? (
          <EmailFrame html={event.html} title={`Email: ${event.subject}`} height={{ xs: 560, sm: 600 }} />
        ) : (
          <Typography
            component="pre"
            aria-label="Plain-text part"
            sx={{ m: 0, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '0.875rem' }}
          >
            {event.text}
          </Typography>
        )}
      </Stack>
    </SectionCard>
  );
}

import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EMAIL_KIND_LABELS, type EventDetail, TONE_LABELS } from '@receivables/contracts';
import { createLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { SectionCard } from '../../../components/section-card';
import { formatLongDate } from '../../../lib/format';
import { describeDeferral } from '../../workflows/preview-words';
import { STANDING_SECTIONS } from '../../workflows/workflow-steps';

const RouterLink = createLink(MuiLink);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </div>
  );
}

/** Who it is for and what planned it: the customer, the workflow and its step, the template. */
export function EventFactsCard({ event }: { event: EventDetail }) {
  const deferral = describeDeferral(event.deferred);
  return (
    <SectionCard title="About this email">
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        <Fact label="Customer">
          <RouterLink to="/customers/$customerId" params={{ customerId: event.customer_id }}>
            {event.customer_name}
          </RouterLink>
        </Fact>
        {event.direction === 'outbox' ? (
          <Fact label="Workflow">
            {event.workflow ? (
              <RouterLink to="/workflows" search={{ workflow_id: event.workflow.id }}>
                {event.workflow.name}
              </RouterLink>
            ) : (
              'None (deleted, or sent by hand)'
            )}
          </Fact>
        ) : null}
        {event.email_name ? <Fact label="Template">{event.email_name}</Fact> : null}
        {event.kind ? (
          <Fact label="Kind and tone">
            {EMAIL_KIND_LABELS[event.kind]}
            {event.tone ? `, ${TONE_LABELS[event.tone]}` : ''}
          </Fact>
        ) : null}
        {event.standing ? <Fact label="Chases">{STANDING_SECTIONS[event.standing]}</Fact> : null}
        {event.due_day ? <Fact label="Due by the workflow on">{formatLongDate(event.due_day)}</Fact> : null}
        {deferral ? <Fact label="Why it goes later">{deferral.replace(/^Later than its day: /, '')}</Fact> : null}
      </Stack>
    </SectionCard>
  );
}

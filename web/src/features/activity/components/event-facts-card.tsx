import Stack from '@mui/material/Stack';
import { EMAIL_KIND_LABELS, type EventDetail, TONE_LABELS } from '@receivables/contracts';

import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { formatLongDate } from '../../../lib/format';
import { describeDeferral } from '../../workflows/preview-words';
import { STANDING_SECTIONS } from '../../workflows/workflow-steps';

import { EventFact } from './event-fact';

/** Who it is for and what planned it: the customer, the workflow and its step, the template. */
export function EventFactsCard({ event }: { event: EventDetail }) {
  const deferral = describeDeferral(event.deferred);
  return (
    <SectionCard title="About this email">
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        <EventFact label="Customer">
          <RouterLink to="/customers/$customerId" params={{ customerId: event.customer_id }}>
            {event.customer_name}
          </RouterLink>
        </EventFact>
        {event.direction === 'outbox' ? (
          <EventFact label="Workflow">
            {event.workflow ? (
              <RouterLink to="/workflows" search={{ workflow_id: event.workflow.id }}>
                {event.workflow.name}
              </RouterLink>
            ) : (
              'None (deleted, or sent by hand)'
            )}
          </EventFact>
        ) : null}
        {event.email_name ? <EventFact label="Template">{event.email_name}</EventFact> : null}
        {event.kind ? (
          <EventFact label="Kind and tone">
            {EMAIL_KIND_LABELS[event.kind]}
            {event.tone ? `, ${TONE_LABELS[event.tone]}` : ''}
          </EventFact>
        ) : null}
        {event.standing ? <EventFact label="Chases">{STANDING_SECTIONS[event.standing]}</EventFact> : null}
        {event.due_day ? <EventFact label="Due by the workflow on">{formatLongDate(event.due_day)}</EventFact> : null}
        {deferral ? <EventFact label="Why it goes later">{deferral.replace(/^Later than its day: /, '')}</EventFact> : null}
      </Stack>
    </SectionCard>
  );
}

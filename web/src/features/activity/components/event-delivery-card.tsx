import Stack from '@mui/material/Stack';
import type { EventDetail, EventStatus } from '@receivables/contracts';

import { SectionCard } from '../../../components/section-card';
import { formatEventInstant } from '../event-words';

import { EventFact } from './event-fact';

const SUMMARY: Partial<Record<EventStatus, string>> = {
  success: 'Handed to the mail server, which accepted it.',
  draft_success: 'Kept in dry run: rendered as it would have gone, and not sent.',
  failure: 'Not delivered.',
  unknown: 'Being handed to the mail server when the sender stopped: whether it arrived is not known.',
  pending: 'Not delivered yet.',
};

/** Whether the email has anything to tell of its hand-off: it went (or was kept), or sending was tried. */
export function hasDelivery(event: EventDetail): boolean {
  if (event.direction !== 'outbox') return false;
  return ['success', 'draft_success', 'failure', 'unknown'].includes(event.status) || event.attempts > 0 || event.next_attempt_at !== null;
}

function Instant({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <>
      <time dateTime={iso}>{formatEventInstant(iso, timeZone)}</time>
      {` (${timeZone})`}
    </>
  );
}

/**
 * What the sender kept of the hand-off (issue 12): when, our Message-ID (to find it in a mailbox
 * or a bounce), the mail server's own answer and how many tries it took. A sent email shows all
 * four, saying so when one was not recorded; anything else only what it has.
 */
export function EventDeliveryCard({ event, timeZone }: { event: EventDetail; timeZone: string }) {
  const isSent = event.status === 'success';
  const notRecorded = isSent ? 'Not recorded' : null;
  const sentAt = event.sent_at ? <Instant iso={event.sent_at} timeZone={timeZone} /> : notRecorded;
  const messageId = event.message_id ?? notRecorded;
  const answer = event.smtp_response ?? notRecorded;
  return (
    <SectionCard title="Delivery" description={SUMMARY[event.status]}>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        {sentAt ? <EventFact label={event.status === 'draft_success' ? 'Drafted' : 'Sent'}>{sentAt}</EventFact> : null}
        {messageId ? (
          <EventFact label="Message-ID" code={event.message_id !== null}>
            {messageId}
          </EventFact>
        ) : null}
        {answer ? (
          <EventFact label="The mail server’s answer" code={event.smtp_response !== null}>
            {answer}
          </EventFact>
        ) : null}
        {event.attempts > 0 || isSent ? <EventFact label="Attempts">{event.attempts}</EventFact> : null}
        {event.next_attempt_at ? (
          <EventFact label="Next attempt">
            <Instant iso={event.next_attempt_at} timeZone={timeZone} />
          </EventFact>
        ) : null}
      </Stack>
    </SectionCard>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { EventDetail, InboundEmailDetail } from '@receivables/contracts';

import { AnswerCard } from './answer-card';
import { ConversationCard } from './conversation-card';
import { EventDeliveryCard, hasDelivery } from './event-delivery-card';
import { EventEmailCard } from './event-email-card';
import { EventFactsCard } from './event-facts-card';
import { EventHistoryCard } from './event-history-card';
import { OutOfOfficeNote } from './out-of-office-note';
import { ReplyCard } from './reply-card';
import { TriageCard } from './triage-card';

/** A received email: what to do about it first (the suggestion, or the out-of-office's stand-in), then the message and an answer to it. */
function ReceivedEmail({ event, reply, timeZone }: { event: EventDetail; reply: InboundEmailDetail; timeZone: string }) {
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      {reply.kind === 'auto_reply' ? <OutOfOfficeNote event={event} reply={reply} timeZone={timeZone} /> : <TriageCard event={event} reply={reply} timeZone={timeZone} />}
      <ReplyCard reply={reply} subject={event.subject} timeZone={timeZone} />
      {/* A person's reply on a customer can be answered in writing (decision 0044); an auto-reply asks nothing. */}
      {reply.kind === 'reply' && reply.customer_id && reply.from ? <AnswerCard event={event} reply={reply} /> : null}
    </Stack>
  );
}

/**
 * The email page under its header: the email itself (ours as the customer reads it, or a
 * received one with what to do about it) beside the conversation it belongs to, its delivery,
 * its facts and its history.
 */
export function EventDetailBody({ event, timeZone }: { event: EventDetail; timeZone: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      {event.reply ? <ReceivedEmail event={event} reply={event.reply} timeZone={timeZone} /> : <EventEmailCard event={event} />}
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {event.thread.length > 1 ? <ConversationCard thread={event.thread} currentId={event.id} timeZone={timeZone} /> : null}
        {hasDelivery(event) ? <EventDeliveryCard event={event} timeZone={timeZone} /> : null}
        <EventFactsCard event={event} />
        <EventHistoryCard history={event.history} timeZone={timeZone} />
      </Stack>
    </Box>
  );
}

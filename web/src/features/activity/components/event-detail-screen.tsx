import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail } from '@receivables/contracts';
import { useId, useState } from 'react';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { ButtonLink } from '../../../components/router-link';
import { formatClockInZone } from '../../../lib/format';
import { useMarkReadOnOpen } from '../api/mark-inbound-read';
import { isSendAgain } from '../delivery-words';
import { describeWhenWord, formatEventDay } from '../event-words';

import { CancelEventDialog } from './cancel-event-dialog';
import { EventDetailBody } from './event-detail-body';
import { EventNotes } from './event-notes';
import { EventStatusChip } from './event-status-chip';
import { SendEventDialog } from './send-event-dialog';

/**
 * `/emails/{eventId}`: one email as the customer reads it, what became of it (its delivery and
 * history), Send now or again when it can be sent by hand, and Cancel while it is planned; a
 * received one as its writer wrote it, with what to do about it, marked read when opened.
 */
export function EventDetailScreen({ event }: { event: EventDetail }) {
  const headingId = useId();
  const { time_zone: timeZone } = useOrganisationSettings();
  const [isCancelling, setCancelling] = useState(false);
  const [isSending, setSending] = useState(false);
  // Opening a received email is reading it (decision 0021, "Unread").
  useMarkReadOnOpen(event.reply);
  return (
    <Stack spacing={3}>
      <div>
        <ButtonLink to="/emails/" search={event.direction === 'inbox' ? { tab: 'inbox' } : {}} startIcon={<ArrowBackRounded />} size="small">
          Back to activity
        </ButtonLink>
      </div>
      <Card component="section" aria-labelledby={headingId}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography id={headingId} variant="h1" sx={{ overflowWrap: 'anywhere' }}>
                {event.subject}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
                <EventStatusChip status={event.status} />
                <Typography variant="body2" color="text.secondary">
                  {describeWhenWord(event)}{' '}
                  <time dateTime={event.at}>
                    {formatEventDay(event.at, timeZone)} at {formatClockInZone(event.at, timeZone)}
                  </time>
                  {` (${timeZone})`}
                </Typography>
              </Stack>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: { md: 0 } }}>
              {event.can_execute ? (
                <Button variant="contained" startIcon={<SendRounded />} onClick={() => setSending(true)}>
                  {isSendAgain(event) ? 'Send again' : 'Send now'}
                </Button>
              ) : null}
              {event.can_cancel ? (
                <Button variant="outlined" color="error" startIcon={<BlockRounded />} onClick={() => setCancelling(true)}>
                  Cancel email
                </Button>
              ) : null}
              <ButtonLink variant="outlined" to="/customers/$customerId" params={{ customerId: event.customer_id }} startIcon={<PersonOutlineRounded />}>
                View customer
              </ButtonLink>
            </Stack>
          </Stack>
          <Stack spacing={1} sx={{ mt: 2, '&:empty': { display: 'none' } }}>
            <EventNotes event={event} timeZone={timeZone} />
          </Stack>
        </CardContent>
      </Card>
      <EventDetailBody event={event} timeZone={timeZone} />
      {isCancelling ? <CancelEventDialog event={event} onClose={() => setCancelling(false)} /> : null}
      {isSending ? <SendEventDialog event={event} onClose={() => setSending(false)} /> : null}
    </Stack>
  );
}

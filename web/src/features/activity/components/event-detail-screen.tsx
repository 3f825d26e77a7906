import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BlockRounded from '@mui/icons-material/BlockRounded';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type EventDetail, STATUS_REASON_LABELS } from '@receivables/contracts';
import { createLink } from '@tanstack/react-router';
import { useId, useState } from 'react';

import { useOrganisationSettings } from '../../organisation/api/get-organisation-settings';
import { describeWhenWord, formatEventClock, formatEventDay } from '../event-words';

import { CancelEventDialog } from './cancel-event-dialog';
import { EventEmailCard } from './event-email-card';
import { EventFactsCard } from './event-facts-card';
import { EventHistoryCard } from './event-history-card';
import { EventStatusChip } from './event-status-chip';

const ButtonLink = createLink(Button);

/** What a person should know at once: why it will not go, why it failed, or that no one can receive it. */
function EventNotes({ event }: { event: EventDetail }) {
  return (
    <>
      {event.status === 'superseded' && event.status_reason ? (
        <Alert severity="info">Will not be sent: {STATUS_REASON_LABELS[event.status_reason]}.</Alert>
      ) : null}
      {event.error ? <Alert severity="error">Sending failed: {event.error}</Alert> : null}
      {event.status === 'unknown' ? (
        <Alert severity="warning">A send was attempted and its outcome is not known. It is never resent on its own: check with the customer before sending again.</Alert>
      ) : null}
      {event.problem ? <Alert severity="warning">{event.status === 'pending' ? `Would not be sent: ${event.problem}` : event.problem}</Alert> : null}
    </>
  );
}

/** `/emails/{eventId}`: one email as the customer reads it, what became of it, and Cancel while it is planned. */
export function EventDetailScreen({ event }: { event: EventDetail }) {
  const headingId = useId();
  const { time_zone: timeZone } = useOrganisationSettings();
  const [isCancelling, setCancelling] = useState(false);
  return (
    <Stack spacing={3}>
      <div>
        <ButtonLink to="/emails/" startIcon={<ArrowBackRounded />} size="small">
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
                    {formatEventDay(event.at, timeZone)} at {formatEventClock(event.at, timeZone)}
                  </time>
                  {` (${timeZone})`}
                </Typography>
              </Stack>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: { md: 0 } }}>
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
            <EventNotes event={event} />
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <EventEmailCard event={event} />
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <EventFactsCard event={event} />
          <EventHistoryCard history={event.history} timeZone={timeZone} />
        </Stack>
      </Box>
      {isCancelling ? <CancelEventDialog event={event} onClose={() => setCancelling(false)} /> : null}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { type EventDetail, STATUS_REASON_LABELS } from '@receivables/contracts';

import { formatEventInstant } from '../event-words';

/** Why it failed, in our words, then the mail server's or the renderer's. */
function FailureNote({ event }: { event: EventDetail }) {
  const why = event.status_reason ? STATUS_REASON_LABELS[event.status_reason] : 'It could not be sent';
  const detail = event.error ?? (event.smtp_response ? `The mail server said: ${event.smtp_response}` : null);
  return (
    <Alert severity="error">
      <AlertTitle>Not sent: {why}</AlertTitle>
      {detail}
    </Alert>
  );
}

/**
 * What a person should know at once: that it may or may not have arrived, why it failed, when the
 * sender tries again, why it will not go, or that no one can receive it.
 */
export function EventNotes({ event, timeZone }: { event: EventDetail; timeZone: string }) {
  return (
    <>
      {event.status === 'unknown' ? (
        <Alert severity="warning">
          <AlertTitle>It may or may not have arrived</AlertTitle>
          {STATUS_REASON_LABELS[event.status_reason ?? 'outcome_unknown']}
        </Alert>
      ) : null}
      {event.status === 'failure' ? <FailureNote event={event} /> : null}
      {event.status === 'pending' && event.next_attempt_at ? (
        <Alert severity="info">
          {`The mail server could not take it yet: the sender will try again at ${formatEventInstant(event.next_attempt_at, timeZone)} (${timeZone}).`}
        </Alert>
      ) : null}
      {event.status === 'superseded' && event.status_reason ? (
        <Alert severity="info">Will not be sent: {STATUS_REASON_LABELS[event.status_reason]}.</Alert>
      ) : null}
      {event.error && event.status !== 'failure' ? <Alert severity="error">Sending failed: {event.error}</Alert> : null}
      {event.problem ? <Alert severity="warning">{event.status === 'pending' ? `Would not be sent: ${event.problem}` : event.problem}</Alert> : null}
    </>
  );
}

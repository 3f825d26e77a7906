import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { EventDetail } from '@receivables/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { MailSettingsLink } from '../../../components/mail-settings-link';
import { SubmitButton } from '../../../components/submit-button';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { isRequestError } from '../../../lib/request-error';
import { useNotify } from '../../../lib/use-notify';
import { chasingSettingsQueryOptions } from '../../settings/api/get-chasing-settings';
import { useExecuteEvent } from '../api/execute-event';
import { describeSendConfirmation, describeSendOutcome } from '../delivery-words';

/** No answer came back (the network, a timeout): the send may or may not have happened. */
const isLostAnswer = (error: Error) => !isRequestError(error) || error.kind !== 'http';

/**
 * Asks before sending an email by hand ("Send now", "Send again"), saying to whom and what
 * happens; the page behind shows the email as the server answered. A refusal (409 sent meanwhile,
 * 422 no mail server) is shown here in the server's words. A lost answer may be asked again with
 * the same key, which the server answers from the first attempt instead of sending twice.
 */
export function SendEventDialog({ event, onClose }: { event: EventDetail; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const { time_zone: timeZone } = useOrganisationSettings();
  // Read afresh: in dry run the confirmation says this one is sent all the same. Until it is known
  // (or if it cannot be read) the words that hold in every mode stand alone.
  const mode = useQuery({ ...chasingSettingsQueryOptions(), staleTime: 0 }).data?.sending_mode;
  const send = useExecuteEvent(event.id, event.customer_id);
  // One key for this decision to send: asking again after a lost answer is the same request.
  const [headers] = useState(idempotencyHeaders);
  const words = describeSendConfirmation(event, mode, timeZone);
  const error = send.error;
  const isRefused = error !== null && !isLostAnswer(error);

  const confirm = () =>
    send.mutate(headers, {
      onSuccess: (answer) => {
        const outcome = describeSendOutcome(answer, timeZone);
        notify(outcome.message, outcome.variant);
        onClose();
      },
    });
  // Not while the send is under way: the person would not learn how it ended.
  const close = () => (send.isPending ? undefined : onClose());

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{words.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {isRefused ? (
            <Alert severity="error" role="alert">
              {error.message}
              {/* 422: the mail server, the from address or the mode is what stands in the way. */}
              {isRequestError(error) && error.status === 422 ? <MailSettingsLink /> : null}
            </Alert>
          ) : (
            <>
              {words.warning ? <Alert severity="warning">{words.warning}</Alert> : null}
              {words.lines.map((line) => (
                <DialogContentText key={line}>{line}</DialogContentText>
              ))}
              {error ? (
                <Alert severity="error" role="alert">
                  {`${error.message} It may or may not have been sent: trying again with the same request never sends it twice.`}
                </Alert>
              ) : null}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {isRefused ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button onClick={close} disabled={send.isPending}>
              Don’t send
            </Button>
            <SubmitButton type="button" size="medium" isPending={send.isPending} onClick={confirm}>
              {error ? 'Try again' : words.confirmLabel}
            </SubmitButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

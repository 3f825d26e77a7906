import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { EventDetail, InboundEmailDetail, TriageActionInput } from '@receivables/contracts';
import { type ReactNode, type SyntheticEvent, useId } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { type RequestError, isRequestError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/use-notify';
import { useTriageInboundEmail } from '../api/triage-inbound-email';
import { TRIAGE_DONE_WORDS } from '../triage-words';

/**
 * Send one triage action for the reply on `event`'s page: the page shows the answer, a toast says
 * what was done and `onDone` closes the dialog. A refusal is answered to the caller, to be shown
 * on its field or above the form.
 */
export function useTriageSubmit(event: EventDetail, reply: InboundEmailDetail, onDone: () => void) {
  const notify = useNotify();
  const triage = useTriageInboundEmail(event.id, reply.id, event.customer_id);
  const submit = async (input: TriageActionInput): Promise<RequestError | Error | null> => {
    try {
      await triage.mutateAsync(input);
      notify(TRIAGE_DONE_WORDS[input.action], 'success');
      onDone();
      return null;
    } catch (error) {
      return error instanceof Error ? error : new Error('Something went wrong. Please try again.');
    }
  };
  return { submit, isPending: triage.isPending };
}

/** The server's reason for `field`, when its refusal named that field. */
export function fieldRefusal(error: Error | null, field: string): string | null {
  if (!isRequestError(error)) return null;
  return error.details.find((issue) => issue.field === field)?.reason ?? null;
}

interface TriageDialogFrameProps {
  title: string;
  body: string;
  confirmLabel: string;
  isPending: boolean;
  /** A refusal that no field shows, in the server's words (and where to put it right). */
  error: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
  /** The fields of an action that takes any: a promised day, an address; or what it will send. */
  children?: ReactNode;
  /** False while there is nothing to confirm yet (what it would send is loading, or cannot be sent). */
  canConfirm?: boolean;
}

/** The confirmation every triage action goes through: what will happen, its fields, Cancel and the action. */
export function TriageDialogFrame(props: TriageDialogFrameProps) {
  const { title, body, confirmLabel, isPending, error, onSubmit, onClose, children, canConfirm = true } = props;
  const titleId = useId();
  const submit = (formEvent: SyntheticEvent) => {
    formEvent.preventDefault();
    onSubmit();
  };
  // Not while the action is under way: the person would not learn how it ended.
  const close = () => (isPending ? undefined : onClose());
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{body}</DialogContentText>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isPending}>
            Cancel
          </Button>
          <SubmitButton isPending={isPending} size="medium" disabled={isPending || !canConfirm}>
            {confirmLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

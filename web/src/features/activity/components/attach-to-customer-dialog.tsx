import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { Customer, InboundEmailRow } from '@receivables/contracts';
import { type SyntheticEvent, useId, useState } from 'react';

import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { PreviewCustomerPicker as CustomerPicker } from '../../workflows/components/preview-customer-picker';
import { useAssignInboundEmail } from '../api/assign-inbound-email';
import { describeMailbox } from '../inbound-words';

/**
 * Attach a message no customer was found for to the customer a person chooses (searched by name
 * or contact email). It joins their Activity, threaded under what it answers, and chasing reacts
 * to it as to any reply. A refusal (attached meanwhile, the customer gone) is shown here.
 */
export function AttachToCustomerDialog({ message, onClose }: { message: InboundEmailRow; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const assign = useAssignInboundEmail(message.id);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [isMissing, setMissing] = useState(false);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!customer) {
      setMissing(true);
      return;
    }
    // Not mutate's own onSuccess: that is dropped if this dialog has gone first, and it can go, since
    // the refresh it waits for can empty the unassigned inbox that holds it. The promise always settles.
    assign.mutateAsync(customer.id).then(
      () => {
        notify(`Attached to ${customer.name}: the email is on their Activity now`, 'success');
        onClose();
      },
      () => undefined, // shown in the dialog from assign.error
    );
  };
  const close = () => (assign.isPending ? undefined : onClose());

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Attach to a customer</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
              {`“${message.subject || '(no subject)'}” from ${describeMailbox(message.from)}. Once attached, it is on the customer’s Activity and timeline, and chasing reacts to it as to any reply.`}
            </DialogContentText>
            {assign.error ? (
              <Alert severity="error" role="alert">
                {assign.error.message}
              </Alert>
            ) : null}
            <div>
              <CustomerPicker
                value={customer}
                onChange={(chosen) => {
                  setCustomer(chosen);
                  if (chosen) setMissing(false);
                }}
              />
              {isMissing ? (
                <FormHelperText error role="alert">
                  Choose the customer it is from
                </FormHelperText>
              ) : null}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={assign.isPending}>
            Cancel
          </Button>
          <SubmitButton isPending={assign.isPending} size="medium">
            Attach
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import EditRounded from '@mui/icons-material/EditRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Customer } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { ButtonLink } from '../../../components/router-link';
import { WhyDisabled } from '../../../components/why-disabled';
import { useNotify } from '../../../lib/use-notify';
import { useResumeCustomer } from '../api/resume-customer';
import { STANDING_LABELS } from '../standing-labels';

import { CustomerEditDialog } from './customer-edit-dialog';
import { CustomerPauseDialog } from './customer-pause-dialog';

/** Edit, pause or resume, and the way to this customer's emails. */
export function CustomerHeaderActions({ customer }: { customer: Customer }) {
  const notify = useNotify();
  const resume = useResumeCustomer(customer.id);
  const [dialog, setDialog] = useState<'edit' | 'pause' | null>(null);
  // Pausing is any member's; the record itself is an admin's (decision 0024).
  const editing = usePermission('customers');
  const isPaused = customer.standing === 'paused';

  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: (resumed) => notify(`Resumed: ${STANDING_LABELS[resumed.standing]}`, 'success'),
      onError: (error) => notify(`Could not resume: ${error.message}`, 'error'),
    });

  return (
    // Beside a long name the buttons keep their row rather than stacking into a narrow column.
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: { md: 0 } }}>
      <WhyDisabled reason={editing.reason}>
        <Button variant="outlined" startIcon={<EditRounded />} onClick={() => setDialog('edit')} disabled={!editing.allowed}>
          Edit
        </Button>
      </WhyDisabled>
      {isPaused ? (
        <Button variant="outlined" startIcon={<PlayArrowRounded />} onClick={onResume} disabled={resume.isPending}>
          Resume
        </Button>
      ) : (
        <Button variant="outlined" startIcon={<PauseRounded />} onClick={() => setDialog('pause')}>
          Pause
        </Button>
      )}
      <ButtonLink to="/emails/" search={{ customer_id: customer.id }} startIcon={<ForumRounded />}>
        View activity
      </ButtonLink>
      {dialog === 'edit' ? <CustomerEditDialog customer={customer} onClose={() => setDialog(null)} /> : null}
      {dialog === 'pause' ? <CustomerPauseDialog customerId={customer.id} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

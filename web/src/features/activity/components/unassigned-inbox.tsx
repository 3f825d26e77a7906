import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundEmailRow } from '@receivables/contracts';
import { useId, useState } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { SimpleTablePagination } from '../../../components/simple-table-pagination';
import { formatCount } from '../../../lib/format';
import { useUnassignedInbound } from '../api/get-unassigned-inbound';

import { AttachToCustomerDialog } from './attach-to-customer-dialog';
import { UnassignedMessageItem } from './unassigned-message-item';

/** Messages per page: the unassigned are few, each one a person's decision. */
export const UNASSIGNED_PAGE_SIZE = 10;

function UnassignedList({ timeZone, onAttach }: { timeZone: string; onAttach: (message: InboundEmailRow) => void }) {
  const [page, setPage] = useState(0);
  const list = useUnassignedInbound({ limit: UNASSIGNED_PAGE_SIZE, offset: page * UNASSIGNED_PAGE_SIZE });
  if (list.isError) {
    return (
      <Box sx={{ px: { xs: 2, sm: 2.5 }, pb: 2 }}>
        <ErrorPanel title="Failed to load the unassigned emails" message={list.error.message} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      </Box>
    );
  }
  if (!list.data) {
    return (
      <Stack spacing={1} role="status" aria-label="Loading the unassigned emails" sx={{ px: { xs: 2, sm: 2.5 }, pb: 2 }}>
        <Skeleton variant="rounded" height={72} />
        <Skeleton variant="rounded" height={72} />
      </Stack>
    );
  }
  const { rows, total } = list.data;
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, pb: 2 }}>
        Nothing is waiting to be attached.
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" aria-label="Unassigned emails" aria-busy={list.isFetching} sx={{ listStyle: 'none', m: 0, p: 0, opacity: list.isPlaceholderData ? 0.5 : 1 }}>
        {rows.map((message) => (
          <UnassignedMessageItem key={message.id} message={message} timeZone={timeZone} onAttach={() => onAttach(message)} />
        ))}
      </Box>
      <SimpleTablePagination total={total} page={page} pageSize={UNASSIGNED_PAGE_SIZE} onPage={setPage} />
    </>
  );
}

/**
 * The inbox's messages no customer was found for (decision 0021, "Matching", 4): how many, and
 * when opened, each with a way to attach it to the right customer.
 */
export function UnassignedInbox({ count, timeZone }: { count: number; timeZone: string }) {
  const listId = useId();
  const [isOpen, setOpen] = useState(false);
  const [attaching, setAttaching] = useState<InboundEmailRow | null>(null);
  return (
    <Box component="section" aria-label="Unassigned" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 1.5 }} sx={{ px: { xs: 1, sm: 1.5 }, py: 1, alignItems: { sm: 'center' } }}>
        <div>
          <Button
            onClick={() => setOpen((open) => !open)}
            aria-expanded={isOpen}
            aria-controls={listId}
            endIcon={isOpen ? <ExpandLessRounded /> : <ExpandMoreRounded />}
            sx={{ fontWeight: 600 }}
          >
            Unassigned ({formatCount(count)})
          </Button>
        </div>
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {count === 1
            ? 'No customer was found for this email: attach it to the customer it is from.'
            : 'No customer was found for these emails: attach each to the customer it is from.'}
        </Typography>
      </Stack>
      <Collapse in={isOpen} id={listId} unmountOnExit>
        <UnassignedList timeZone={timeZone} onAttach={setAttaching} />
      </Collapse>
      {attaching ? <AttachToCustomerDialog message={attaching} onClose={() => setAttaching(null)} /> : null}
    </Box>
  );
}

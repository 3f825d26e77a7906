import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ToDo, ToDoFollowUp } from '@receivables/contracts';
import { useId, useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { RouterLink } from '../../../components/router-link';
import { formatCount, formatLongDate } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useMarkFollowUpDone } from '../../customers/api/mark-follow-up-done';
import { noteHeadline } from '../../customers/note-text';

/** The longest part of a note the list quotes: enough to recall the conversation. */
const QUOTE_MAX = 120;

/** One follow-up: its customer (a link to the page with the note), what it was about, since when, and Done. */
function FollowUpItem({ followUp, today, canWrite }: { followUp: ToDoFollowUp; today: string; canWrite: boolean }) {
  const done = useMarkFollowUpDone();
  const notify = useNotify();
  const headline = noteHeadline(followUp);
  const quote = followUp.body.length > QUOTE_MAX ? `${followUp.body.slice(0, QUOTE_MAX).trimEnd()}…` : followUp.body;
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <RouterLink to="/customers/$customerId" params={{ customerId: followUp.customer_id }} sx={{ overflowWrap: 'anywhere' }}>
          {followUp.customer_name}
        </RouterLink>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {headline}
          {quote ? `: ${quote}` : ''}
        </Typography>
        {followUp.follow_up_on < today ? (
          <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
            Due since {formatLongDate(followUp.follow_up_on)}
          </Typography>
        ) : null}
      </Box>
      {canWrite ? (
        <Button
          size="small"
          variant="outlined"
          sx={{ flex: 'none' }}
          disabled={done.isPending}
          aria-label={`Mark the follow-up with ${followUp.customer_name} done`}
          onClick={() =>
            done.mutate(followUp.note_id, {
              onSuccess: () => notify(`Follow-up with ${followUp.customer_name} marked done`, 'success'),
              onError: (error) => notify(`The follow-up could not be marked done: ${error.message}`, 'error'),
            })
          }
        >
          Done
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * "N follow-ups due today" (decision 0043): follow-ups of notes and calls due today or earlier and
 * not done. It opens in place to list each with its customer and Done, rather than linking to a
 * list of customers, which would say who but not what to follow up.
 */
export function FollowUpsLine({ toDo }: { toDo: ToDo }) {
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const writing = usePermission('customers');
  const n = toDo.follow_ups_due;
  const more = n - toDo.follow_ups.length;
  return (
    <li>
      <Button
        variant="text"
        disableRipple
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={listId}
        endIcon={<ExpandMoreRounded sx={{ transform: isOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ p: 0, minWidth: 0, fontWeight: 500, fontSize: 'inherit', lineHeight: 'inherit', textDecoration: 'underline', textUnderlineOffset: '0.2em', textTransform: 'none', textAlign: 'left' }}
      >
        {`${formatCount(n)} ${n === 1 ? 'follow-up' : 'follow-ups'} due today`}
      </Button>
      <Typography variant="body2" color="text.secondary">
        Calls and notes you meant to follow up: open to see each{writing.allowed ? ' and mark it done' : ''}.
      </Typography>
      <Collapse in={isOpen} unmountOnExit>
        <Stack component="ul" id={listId} aria-label="Follow-ups due" spacing={1.5} sx={{ m: 0, mt: 1.5, pl: { xs: 1.5, sm: 2 }, listStyle: 'none', borderLeft: 2, borderColor: 'divider' }}>
          {toDo.follow_ups.map((followUp) => (
            <FollowUpItem key={followUp.note_id} followUp={followUp} today={toDo.today} canWrite={writing.allowed} />
          ))}
          {more > 0 ? (
            <Typography component="li" variant="body2" color="text.secondary">
              and {formatCount(more)} more, due later than these
            </Typography>
          ) : null}
        </Stack>
      </Collapse>
    </li>
  );
}

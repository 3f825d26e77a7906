import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CustomerNote } from '@receivables/contracts';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { formatLongDate, formatTime } from '../../../lib/format';
import { useNotify } from '../../../lib/use-notify';
import { useMarkFollowUpDone } from '../api/mark-follow-up-done';
import { noteHeadline } from '../note-text';

interface CustomerNoteEntryProps {
  note: CustomerNote;
  /** Whether the person may change notes (the customers permission, decision 0043): without it, no buttons. */
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** Where a follow-up stands, in words, and whether it is due (today or before, not done). */
function followUpText(note: CustomerNote, today: string): { text: string; isDue: boolean } | null {
  if (note.follow_up_on === null) return null;
  if (note.follow_up_done_at !== null) {
    return { text: `Followed up${note.follow_up_done_by_name ? ` by ${note.follow_up_done_by_name}` : ''} on ${formatLongDate(note.follow_up_done_at)}`, isDue: false };
  }
  if (note.follow_up_on === today) return { text: 'Follow up today', isDue: true };
  if (note.follow_up_on < today) return { text: `Follow-up overdue since ${formatLongDate(note.follow_up_on)}`, isDue: true };
  return { text: `Follow up on ${formatLongDate(note.follow_up_on)}`, isDue: false };
}

/** One note or call: what it says, when and by whom, its follow-up with Done, and Edit / Delete. */
export function CustomerNoteEntry({ note, canWrite, onEdit, onDelete }: CustomerNoteEntryProps) {
  const today = useOrganisationToday();
  const notify = useNotify();
  const done = useMarkFollowUpDone();
  const headline = noteHeadline(note);
  const followUp = followUpText(note, today);
  const markDone = () =>
    done.mutate(note.id, {
      onSuccess: () => notify('Follow-up marked done', 'success'),
      onError: (error) => notify(`The follow-up could not be marked done: ${error.message}`, 'error'),
    });
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        aria-hidden
        sx={{ display: 'grid', placeItems: 'center', width: 32, height: 32, flex: 'none', borderRadius: '50%', bgcolor: 'action.selected', color: 'text.secondary' }}
      >
        {note.kind === 'call' ? <PhoneInTalkOutlined fontSize="small" /> : <StickyNote2Outlined fontSize="small" />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere', pt: 0.5 }}>
            {headline}
          </Typography>
          {canWrite ? (
            <Stack direction="row" sx={{ flex: 'none', mt: -0.5 }}>
              <Tooltip title="Edit">
                <IconButton size="small" onClick={onEdit} aria-label={`Edit: ${headline}`} aria-haspopup="dialog">
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton size="small" onClick={onDelete} aria-label={`Delete: ${headline}`} aria-haspopup="dialog">
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ) : null}
        </Stack>
        {note.body ? <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Typography> : null}
        <Typography variant="body2" color="text.secondary">
          <time dateTime={note.happened_at}>{`${formatLongDate(note.happened_at)}, ${formatTime(note.happened_at)}`}</time>
          {` · ${note.created_by_name ?? 'A former user'}`}
        </Typography>
        {followUp ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: followUp.isDue ? 600 : 400, color: followUp.isDue ? 'warning.main' : 'text.secondary' }}>
              {followUp.text}
            </Typography>
            {canWrite && note.follow_up_done_at === null ? (
              <Button size="small" variant="outlined" onClick={markDone} disabled={done.isPending} aria-label={`Mark the follow-up of “${headline}” done`}>
                Done
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Box>
    </Stack>
  );
}

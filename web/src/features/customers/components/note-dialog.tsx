import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type CustomerNote, NOTE_BODY_MAX } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type SyntheticEvent, useId, useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useCreateCustomerNote } from '../api/create-customer-note';
import { useUpdateCustomerNote } from '../api/update-customer-note';
import { refusalOf } from '../note-form';

import { FollowUpField, followUpDay } from './follow-up-field';

const FIELDS = ['body', 'follow_up_on'] as const;
type Field = (typeof FIELDS)[number];

interface NoteDialogProps {
  customerId: string;
  /** The note to change; a new one without. */
  note?: CustomerNote;
  onClose: () => void;
}

/** Write a note on a customer, or change one, with an optional follow-up day (decision 0043). */
export function NoteDialog({ customerId, note, onClose }: NoteDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const today = useOrganisationToday();
  const create = useCreateCustomerNote(customerId);
  const update = useUpdateCustomerNote(customerId);
  const [body, setBody] = useState(note?.body ?? '');
  const [followUp, setFollowUp] = useState<Dayjs | null>(note?.follow_up_on ? dayjs(note.follow_up_on) : null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A field's complaint goes as soon as the person changes it; the next submit judges it again.
  const clear = (field: Field) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const day = followUpDay(followUp);
    const found: Partial<Record<Field, string>> = {};
    if (body.trim() === '') found.body = 'Write the note';
    if (day === undefined) found.follow_up_on = 'Enter a day such as 3/12/2026, or leave it empty';
    // Only a new or moved day is judged: an overdue follow-up's note can still be corrected.
    else if (day !== null && day < today && day !== note?.follow_up_on) found.follow_up_on = 'Choose today or a later day';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || day === undefined) return;
    try {
      if (note) await update.mutateAsync({ id: note.id, input: { body: body.trim(), follow_up_on: day } });
      else await create.mutateAsync({ kind: 'note', body: body.trim(), follow_up_on: day });
      notify(note ? 'Note saved' : 'Note added', 'success');
      onClose();
    } catch (error) {
      const refusal = refusalOf(error, FIELDS);
      setErrors(refusal.fields);
      setFormError(refusal.message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{note ? 'Edit note' : 'Add a note'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              label="Note"
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                clear('body');
              }}
              error={errors.body !== undefined}
              helperText={errors.body}
              required
              autoFocus
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: NOTE_BODY_MAX } }}
            />
            <FollowUpField value={followUp} onChange={setFollowUp} error={errors.follow_up_on} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={create.isPending || update.isPending} size="medium">
            {note ? 'Save note' : 'Add note'}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

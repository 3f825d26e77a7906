import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CALL_OUTCOME_LABELS, type CallOutcome, callOutcomeSchema, type CustomerNote, NOTE_BODY_MAX } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { type SyntheticEvent, useId, useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { DatePicker } from '../../../components/date-picker';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { useCreateCustomerNote } from '../api/create-customer-note';
import { useUpdateCustomerNote } from '../api/update-customer-note';
import { readClock, refusalOf } from '../note-form';

import { FollowUpField, followUpDay } from './follow-up-field';

const FIELDS = ['contact_name', 'outcome', 'happened_at', 'body', 'follow_up_on'] as const;
type Field = (typeof FIELDS)[number];

interface CallDialogProps {
  customerId: string;
  /** Who the customer's contact is, offered as the person called. */
  contactName?: string | null;
  /** The call to change; a new one without. */
  call?: CustomerNote;
  onClose: () => void;
}

/**
 * Log a call with a customer, or change one (decision 0043): who was called, when (not later than
 * now; the day and a 24-hour time on this device's clock), how it went, what was said, and an
 * optional day to follow it up, which then shows on Home's To do.
 */
export function CallDialog({ customerId, contactName, call, onClose }: CallDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const today = useOrganisationToday();
  const create = useCreateCustomerNote(customerId);
  const update = useUpdateCustomerNote(customerId);
  const at = dayjs(call?.happened_at);
  const [who, setWho] = useState(call?.contact_name ?? contactName ?? '');
  const [outcome, setOutcome] = useState<CallOutcome | ''>(call?.outcome ?? '');
  const [day, setDay] = useState<Dayjs | null>(at.startOf('day'));
  const [time, setTime] = useState(at.format('HH:mm'));
  const [body, setBody] = useState(call?.body ?? '');
  const [followUp, setFollowUp] = useState<Dayjs | null>(call?.follow_up_on ? dayjs(call.follow_up_on) : null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A field's complaint goes as soon as the person changes it; the next Log call judges it again.
  const clear = (field: Field) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const clock = readClock(time);
    const happenedAt = day?.isValid() && clock ? dayjs(`${day.format('YYYY-MM-DD')}T${clock}`) : null;
    const followUpOn = followUpDay(followUp);
    const found: Partial<Record<Field, string>> = {};
    if (who.trim() === '') found.contact_name = 'Enter who you called';
    if (outcome === '') found.outcome = 'Choose how the call went';
    if (happenedAt === null) found.happened_at = clock ? 'Enter the day of the call' : 'Enter a 24-hour time like 09:30 or 14:05';
    else if (happenedAt.isAfter(dayjs().add(5, 'minute'))) found.happened_at = 'A call cannot be logged before it happens';
    if (followUpOn === undefined) found.follow_up_on = 'Enter a day such as 3/12/2026, or leave it empty';
    else if (followUpOn !== null && followUpOn < today && followUpOn !== call?.follow_up_on) found.follow_up_on = 'Choose today or a later day';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || outcome === '' || happenedAt === null || followUpOn === undefined) return;
    const input = { contact_name: who.trim(), outcome, happened_at: happenedAt.toISOString(), body: body.trim(), follow_up_on: followUpOn };
    try {
      if (call) await update.mutateAsync({ id: call.id, input });
      else await create.mutateAsync({ kind: 'call', ...input });
      notify(call ? 'Call saved' : `Call with ${who.trim()} logged`, 'success');
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
        <DialogTitle id={titleId}>{call ? 'Edit call' : 'Log a call'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              label="Who you called"
              value={who}
              onChange={(event) => {
                setWho(event.target.value);
                clear('contact_name');
              }}
              error={errors.contact_name !== undefined}
              helperText={errors.contact_name ?? 'The person you spoke to or asked for'}
              required
              autoFocus
              slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
            />
            <TextField
              select
              label="How it went"
              value={outcome}
              onChange={(event) => {
                setOutcome(callOutcomeSchema.parse(event.target.value));
                clear('outcome');
              }}
              error={errors.outcome !== undefined}
              helperText={errors.outcome}
              required
            >
              {callOutcomeSchema.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {CALL_OUTCOME_LABELS[option]}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DatePicker
                label="Day"
                value={day}
                onChange={setDay}
                maxDate={dayjs()}
                sx={{ flex: 1 }}
                slotProps={{ textField: { required: true, error: errors.happened_at !== undefined } }}
              />
              <TextField
                label="Time"
                value={time}
                onChange={(event) => {
                  setTime(event.target.value);
                  clear('happened_at');
                }}
                required
                error={errors.happened_at !== undefined}
                helperText={errors.happened_at ?? '24-hour clock, such as 14:05'}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            </Stack>
            <TextField
              label="What was said"
              value={body}
              onChange={(event) => setBody(event.target.value)}
              error={errors.body !== undefined}
              helperText={errors.body}
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
            {call ? 'Save call' : 'Log call'}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { addDays, DATE_MAX, DATE_MIN } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState, type SyntheticEvent } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { DatePicker } from '../../../components/date-picker';
import { SubmitButton } from '../../../components/submit-button';
import { formatLongDate } from '../../../lib/format';

type Mode = 'until' | 'indefinitely';

/**
 * The first day a pause may end on: the organisation's tomorrow (the server checks the same),
 * within the accepted date range (docs/product.md, Constants).
 */
function earliestEnd(today: string): Dayjs {
  const tomorrow = dayjs(addDays(today, 1));
  return tomorrow.isBefore(dayjs(DATE_MIN)) ? dayjs(DATE_MIN) : tomorrow;
}

const DATE_ERRORS: Partial<Record<NonNullable<DateValidationError>, string>> = {
  minDate: 'Choose a date after today',
  disablePast: 'Choose a date after today',
  maxDate: `Choose a date no later than ${formatLongDate(DATE_MAX)}`,
  invalidDate: 'Enter a valid date',
};

interface PauseDialogProps {
  title: string;
  isPending: boolean;
  /** The server's reason for refusing, shown on the date (or above the choice when indefinite). */
  serverError?: string | null;
  /** `until` as YYYY-MM-DD, or null for indefinitely; the caller sends it and reports the outcome. */
  onPause: (until: string | null) => unknown;
  onClose: () => void;
}

/**
 * Stop chasing until a date (tomorrow at the earliest, 31 December 2099 at the latest) or until
 * resumed by hand. Used for one customer and for a selection.
 */
export function PauseDialog({ title, isPending, serverError = null, onPause, onClose }: PauseDialogProps) {
  const titleId = useId();
  const today = useOrganisationToday();
  const [mode, setMode] = useState<Mode>('until');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [dateError, setDateError] = useState<DateValidationError>(null);
  const [isSubmitted, setSubmitted] = useState(false);

  const missing = mode === 'until' && date === null;
  const dateMessage = dateError ? (DATE_ERRORS[dateError] ?? 'Choose another date') : missing && isSubmitted ? 'Choose a date' : serverError;
  const message = mode === 'until' ? dateMessage : null;

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (mode === 'until' && (dateError !== null || date === null || !date.isValid())) return;
    void onPause(mode === 'until' && date ? date.format('YYYY-MM-DD') : null);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {serverError && mode === 'indefinitely' ? <Alert severity="error">{serverError}</Alert> : null}
            <RadioGroup aria-label="How long to pause" value={mode} onChange={(event) => setMode(event.target.value as Mode)}>
              <FormControlLabel value="until" control={<Radio />} label="Until a date" />
              <FormControlLabel value="indefinitely" control={<Radio />} label="Indefinitely" />
            </RadioGroup>
            {mode === 'until' ? (
              <DatePicker
                label="Pause until"
                value={date}
                onChange={(value) => setDate(value)}
                onError={(error) => setDateError(error)}
                minDate={earliestEnd(today)}
                maxDate={dayjs(DATE_MAX)}
                slotProps={{ textField: { fullWidth: true, required: true, error: Boolean(message), helperText: message ?? ' ' } }}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={isPending} size="medium">
            Pause
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

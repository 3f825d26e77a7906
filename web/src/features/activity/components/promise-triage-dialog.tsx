import type { DateValidationError } from '@mui/x-date-pickers/models';
import { addDays, DATE_MAX, type EventDetail, type InboundEmailDetail } from '@receivables/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { DatePicker } from '../../../components/date-picker';
import { formatLongDate } from '../../../lib/format';
import { describeTriageConfirmation } from '../triage-words';

import { fieldRefusal, TriageDialogFrame, useTriageSubmit } from './triage-dialog-frame';

const DATE_ERRORS: Partial<Record<NonNullable<DateValidationError>, string>> = {
  minDate: 'Choose a day after today',
  maxDate: `Choose a day no later than ${formatLongDate(DATE_MAX)}`,
  invalidDate: 'Enter a valid date',
};

interface PromiseTriageDialogProps {
  event: EventDetail;
  reply: InboundEmailDetail;
  onClose: () => void;
}

/**
 * Record the day a customer promises to pay by, the one read from the reply filled in (or none):
 * chasing pauses through it. The day must be after the organisation's today, as the server checks.
 */
export function PromiseTriageDialog({ event, reply, onClose }: PromiseTriageDialogProps) {
  const today = useOrganisationToday();
  const { submit, isPending } = useTriageSubmit(event, reply, onClose);
  const read = reply.triage?.promised_on ?? null;
  const [date, setDate] = useState<Dayjs | null>(read ? dayjs(read) : null);
  const [dateError, setDateError] = useState<DateValidationError>(null);
  const [isSubmitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<Error | null>(null);
  const words = describeTriageConfirmation('record_promise', event.customer_name, today);

  const serverMessage = fieldRefusal(refusal, 'promised_on');
  const localMessage = dateError ? (DATE_ERRORS[dateError] ?? 'Choose another day') : isSubmitted && date === null ? 'Choose the day they promise to pay by' : null;
  const message = localMessage ?? serverMessage;

  const onSubmit = async () => {
    setSubmitted(true);
    if (date === null || !date.isValid() || dateError !== null) return;
    setRefusal(await submit({ action: 'record_promise', promised_on: date.format('YYYY-MM-DD') }));
  };

  return (
    <TriageDialogFrame
      {...words}
      isPending={isPending}
      error={refusal && !serverMessage ? refusal.message : null}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <DatePicker
        label="Promised to pay by"
        value={date}
        onChange={(value) => {
          setDate(value);
          setRefusal(null);
        }}
        onError={(error) => setDateError(error)}
        minDate={dayjs(addDays(today, 1))}
        maxDate={dayjs(DATE_MAX)}
        slotProps={{ textField: { fullWidth: true, required: true, error: Boolean(message), helperText: message ?? (read ? 'The day read from the reply; change it if it is not right.' : ' ') } }}
      />
    </TriageDialogFrame>
  );
}

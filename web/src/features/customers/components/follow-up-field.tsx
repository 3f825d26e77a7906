import dayjs, { type Dayjs } from 'dayjs';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { DatePicker } from '../../../components/date-picker';

interface FollowUpFieldProps {
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  error?: string;
}

/**
 * The day to follow a note or a call up (decision 0043): optional, today or later in the
 * organisation's days; it then shows on Home's To do from that day until marked done.
 */
export function FollowUpField({ value, onChange, error }: FollowUpFieldProps) {
  const today = useOrganisationToday();
  return (
    <DatePicker
      label="Follow up on"
      value={value}
      onChange={onChange}
      minDate={dayjs(today)}
      slotProps={{
        field: { clearable: true },
        textField: { error: error !== undefined, helperText: error ?? 'Optional: it shows on Home’s To do from that day until marked done.' },
      }}
    />
  );
}

/** The picked follow-up day as the API takes it: null for none, undefined when it is not a day. */
export function followUpDay(value: Dayjs | null): string | null | undefined {
  if (value === null) return null;
  return value.isValid() ? value.format('YYYY-MM-DD') : undefined;
}

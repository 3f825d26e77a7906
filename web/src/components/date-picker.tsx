import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker as MuiDatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import 'dayjs/locale/en-gb';

/**
 * MUI X's date picker with its dayjs adapter, in British English. The adapter and locale come with
 * the picker rather than from the app's providers, so they load with the screens that have a date
 * to pick and not on every first visit (decision 0004, Route splitting). Import this, never the
 * MUI X one: that one has no localisation context here and throws.
 */
export function DatePicker(props: DatePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <MuiDatePicker {...props} />
    </LocalizationProvider>
  );
}

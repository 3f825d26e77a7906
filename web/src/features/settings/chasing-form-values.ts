import { type ChasingSettings, type ChasingSettingsUpdate, WEEKLY_CAP_MAX } from '@receivables/contracts';
import { z } from 'zod';

/**
 * "0830", "8:30", "8.30" → "08:30": the send window is typed as a 24-hour clock whatever the
 * browser's locale (a native time input followed it, and typing 0830 into 18:00 gave 20:30).
 */
export function normaliseClock(raw: string): string {
  const m = /^\s*(\d{1,2})[:.h]?(\d{2})\s*$/.exec(raw);
  return m ? `${(m[1] ?? '').padStart(2, '0')}:${m[2] ?? ''}` : raw.trim();
}
const clockTime = z
  .string()
  .transform(normaliseClock)
  .pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a 24-hour time like 09:00 or 17:30'));
const capMessage = `Enter a whole number from 1 to ${WEEKLY_CAP_MAX}`;

/**
 * The Chasing form: the same rules as the API's `chasingSettingsUpdateSchema`, worded for a person,
 * so most mistakes are caught before a round trip. The server still decides (and names the field).
 */
export const chasingFormSchema = z
  .object({
    send_window_start: clockTime,
    send_window_end: clockTime,
    working_days: z.array(z.number().int().min(1).max(7)).min(1, 'Choose at least one working day'),
    weekly_cap: z.number({ error: capMessage }).int(capMessage).min(1, capMessage).max(WEEKLY_CAP_MAX, capMessage),
  })
  .refine((s) => s.send_window_end > s.send_window_start, {
    path: ['send_window_end'],
    message: 'Must be after the start of the window',
  });
export type ChasingFormValues = z.infer<typeof chasingFormSchema>;

/**
 * The fields the API may name in a refusal, each shown next to its own input. The time zone and
 * the public holidays are the organisation's, edited in Settings → Organisation (decision 0028).
 */
export const CHASING_FIELDS = ['send_window_start', 'send_window_end', 'working_days', 'weekly_cap'] as const;

export function chasingFormValues(settings: ChasingSettings): ChasingFormValues {
  return {
    send_window_start: settings.send_window_start,
    send_window_end: settings.send_window_end,
    working_days: [...settings.working_days].sort((a, b) => a - b),
    weekly_cap: settings.weekly_cap,
  };
}

/** What is sent: days in week order, so the stored list reads Monday first. */
export function chasingUpdate(values: ChasingFormValues): ChasingSettingsUpdate {
  return { ...values, working_days: [...values.working_days].sort((a, b) => a - b) };
}

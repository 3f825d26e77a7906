import { z } from 'zod';

/** How mail leaves (docs/domain.md#events-and-sending); switched in Settings → Email (decision 0019), read-only here. */
export const SENDING_MODES = ['dryrun', 'sending', 'disabled'] as const;
export const sendingModeSchema = z.enum(SENDING_MODES);
export type SendingMode = z.infer<typeof sendingModeSchema>;

const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:00');

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const WEEKLY_CAP_MAX = 14;

/**
 * When reminders may go out (Settings → Chasing): a daily send window in the organisation's local
 * time, working days, and a cap on reminders per customer in any 7 days across all workflows. The
 * time zone and the public holidays are the organisation's own, set with `PUT
 * /api/organisation/profile` (decision 0028): sent here they are refused by name, never ignored.
 */
export const chasingSettingsUpdateSchema = z
  .strictObject({
    send_window_start: clockTimeSchema,
    send_window_end: clockTimeSchema,
    working_days: z
      .array(z.number().int().min(1).max(7))
      .min(1, 'must include at least one day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'must not repeat a day'),
    weekly_cap: z.number().int().min(1).max(WEEKLY_CAP_MAX),
  })
  .refine((s) => s.send_window_end > s.send_window_start, { path: ['send_window_end'], message: 'must be after the start of the window' });
export type ChasingSettingsUpdate = z.infer<typeof chasingSettingsUpdateSchema>;

export const chasingSettingsSchema = z.object({
  /** Read-only here: the organisation's (`PUT /api/organisation/profile`), the clock of the send window. */
  time_zone: z.string(),
  send_window_start: z.string(),
  send_window_end: z.string(),
  working_days: z.array(z.number().int()),
  /** Read-only here, like the time zone: the organisation's country or region for public holidays. */
  holiday_region: z.string().nullable(),
  weekly_cap: z.number().int(),
  /** Read-only here (new organisations start in dry run); changed with `PUT /api/settings/email/sending-mode`. */
  sending_mode: sendingModeSchema,
});
export type ChasingSettings = z.infer<typeof chasingSettingsSchema>;

/** A region whose public holidays the send calendar can skip. */
export const holidayRegionSchema = z.object({ code: z.string(), name: z.string() });
export type HolidayRegion = z.infer<typeof holidayRegionSchema>;
export const holidayRegionListSchema = z.object({ rows: z.array(holidayRegionSchema), total: z.number().int() });
export type HolidayRegionList = z.infer<typeof holidayRegionListSchema>;

import { isRequestError } from '../../lib/api-client';

/** What a note or call form shows after the server refused it: each reason on its field, the rest above the form. */
export interface FormRefusal<F extends string> {
  fields: Partial<Record<F, string>>;
  message: string | null;
}

/** The server's reasons placed on the form's own fields (decision 0043); anything else is said above it. */
export function refusalOf<F extends string>(error: unknown, fields: readonly F[]): FormRefusal<F> {
  if (!isRequestError(error)) return { fields: {}, message: 'Something went wrong. Please try again.' };
  const placed: Partial<Record<F, string>> = {};
  for (const issue of error.details) {
    const field = fields.find((f) => f === issue.field);
    if (field) placed[field] = issue.reason;
  }
  const allPlaced = error.details.length > 0 && Object.keys(placed).length === error.details.length;
  return { fields: placed, message: allPlaced ? null : error.message };
}

/**
 * "0830", "8:30", "8.30" → "08:30", else null: a call's time is typed as a 24-hour clock whatever
 * the browser's locale, as the send window is (decision 0040).
 */
export function readClock(raw: string): string | null {
  const m = /^\s*(\d{1,2})[:.h]?(\d{2})\s*$/.exec(raw);
  if (!m) return null;
  const [hours, minutes] = [Number(m[1]), Number(m[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

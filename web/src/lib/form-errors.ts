import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { isRequestError } from './request-error';

/**
 * Puts a failed write's field issues on the form's own fields; returns the message for
 * whatever could not be placed on a field (null when everything was).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!isRequestError(error)) return 'Something went wrong. Please try again.';
  let placed = 0;
  for (const issue of error.details) {
    const field = fields.find((f) => f === issue.field);
    if (field) {
      setError(field, { type: 'server', message: issue.reason }, { shouldFocus: placed === 0 });
      placed += 1;
    }
  }
  return placed > 0 && placed === error.details.length ? null : error.message;
}

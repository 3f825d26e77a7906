import { z } from 'zod';

/** Every error code the API can answer with; the server maps each to one HTTP status in one place. */
export const errorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'DOMAIN_RULE',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One problem with one input field: `field` is a dotted path such as `filter_str[0].operator`. */
export const fieldIssueSchema = z.object({
  field: z.string(),
  reason: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The body of every non-2xx answer from `/api/*`, better-auth's own endpoints included. */
export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(fieldIssueSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

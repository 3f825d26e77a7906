import { z } from 'zod';

import { calendarDateSchema, instantSchema } from '../common/dates';
import { listResponseSchema } from '../common/list';
import { textSchema } from '../common/text';

/** A note written on a customer, or a call logged with one (decision 0043). */
export const customerNoteKindSchema = z.enum(['note', 'call']);
export type CustomerNoteKind = z.infer<typeof customerNoteKindSchema>;

/** How a call went. */
export const callOutcomeSchema = z.enum(['spoke', 'left_message', 'no_answer', 'wrong_number']);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/** A call's outcome in words, as a form offers it and a list shows it. */
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  spoke: 'Spoke to them',
  left_message: 'Left a message',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
};

/** The longest note or account of a call: a page of text, not a document. */
export const NOTE_BODY_MAX = 5000;

/** A note or a call as the API answers it: who wrote it, and where its follow-up stands. */
export const customerNoteSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  kind: customerNoteKindSchema,
  /** The note, or what was said on the call ('' when a call has nothing to add). */
  body: z.string(),
  /** A call's: who was spoken to or asked for; null for a note. */
  contact_name: z.string().nullable(),
  /** A call's outcome; null for a note. */
  outcome: callOutcomeSchema.nullable(),
  /** When the call happened, or when the note was written. */
  happened_at: z.iso.datetime({ offset: true }),
  /** The organisation's day to follow it up on; null for none. */
  follow_up_on: z.iso.date().nullable(),
  /** When the follow-up was marked done, and by whom; both null while it is still to do. */
  follow_up_done_at: z.iso.datetime({ offset: true }).nullable(),
  follow_up_done_by_name: z.string().nullable(),
  /** Who wrote it; null when that user no longer exists. */
  created_by: z.uuid().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

const body = textSchema({ max: NOTE_BODY_MAX });
const followUpOn = calendarDateSchema.nullable().optional();

/**
 * `POST /api/customers/{id}/notes/`: a note (its text) or a call (who, when — not in the future —
 * how it went, what was said). Either may carry a follow-up day: the organisation's today or
 * later (decision 0043). `happened_at` defaults to now.
 */
export const customerNoteCreateSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('note'),
    body: textSchema({ min: 1, max: NOTE_BODY_MAX }),
    follow_up_on: followUpOn,
  }),
  z.object({
    kind: z.literal('call'),
    contact_name: textSchema({ min: 1, max: 200 }),
    outcome: callOutcomeSchema,
    happened_at: instantSchema.optional(),
    body: body.optional(),
    follow_up_on: followUpOn,
  }),
]);
export type CustomerNoteCreate = z.infer<typeof customerNoteCreateSchema>;
export type CustomerNoteCreateInput = z.input<typeof customerNoteCreateSchema>;

/**
 * `PUT /api/notes/{id}/`: the fields to change, any of them; a call's fields on a note are a 422
 * naming the field. `follow_up_on: null` removes the follow-up; a new day must be today or later.
 */
export const customerNoteUpdateSchema = z.object({
  body: body.optional(),
  contact_name: textSchema({ min: 1, max: 200 }).optional(),
  outcome: callOutcomeSchema.optional(),
  happened_at: instantSchema.optional(),
  follow_up_on: followUpOn,
});
export type CustomerNoteUpdate = z.infer<typeof customerNoteUpdateSchema>;
export type CustomerNoteUpdateInput = z.input<typeof customerNoteUpdateSchema>;

export const customerNoteIdParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/customers/{id}/notes/`: newest first by when each happened. */
export const customerNoteListResponseSchema = listResponseSchema(customerNoteSchema);
export type CustomerNoteListResponse = z.infer<typeof customerNoteListResponseSchema>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "3 December" for 2026-12-03: a follow-up day in the audit log's and the timeline's sentences. */
export function followUpDayText(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${date ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''}`.trim();
}

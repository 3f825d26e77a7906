import { CALL_OUTCOME_LABELS, type CustomerNote } from '@receivables/contracts';

/** "Call with Jane Smith · Left a message", or "Note": a note or a call named as its card and To do list it (decision 0043). */
export function noteHeadline(note: Pick<CustomerNote, 'kind' | 'contact_name' | 'outcome'>): string {
  if (note.kind === 'note') return 'Note';
  return `Call with ${note.contact_name ?? 'someone'}${note.outcome ? ` · ${CALL_OUTCOME_LABELS[note.outcome]}` : ''}`;
}

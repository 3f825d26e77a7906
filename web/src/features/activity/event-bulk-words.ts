import type { EventBulkAction, EventBulkJob } from '@receivables/contracts';

import { formatCount } from '../../lib/format';

/** "1 email", "3 emails". */
export const emailsCount = (n: number): string => `${formatCount(n)} ${n === 1 ? 'email' : 'emails'}`;

/** What the confirm dialog says before a bulk Send now or Cancel (decision 0045): how many, and what happens. */
export function bulkConfirmWords(
  action: EventBulkAction,
  count: number,
): { title: string; body: string; confirmLabel: string; keepLabel: string } {
  const these = count === 1 ? 'This planned email' : `These ${formatCount(count)} planned emails`;
  if (action === 'send_now') {
    return {
      title: `Send ${emailsCount(count)} now?`,
      body: `${these} ${count === 1 ? 'goes' : 'go'} to the mail server now, outside the send window, each as it would on its day. Any no longer planned by then (sent or cancelled meanwhile) ${count === 1 ? 'is' : 'are'} left as it is. This cannot be undone.`,
      confirmLabel: `Send ${emailsCount(count)} now`,
      keepLabel: 'Not now',
    };
  }
  return {
    title: `Cancel ${emailsCount(count)}?`,
    body: `${these} will not be sent. ${count === 1 ? 'It stays' : 'Each stays'} in Activity as superseded, cancelled by you. The workflow does not plan ${count === 1 ? 'it' : 'them'} again for this overdue spell.`,
    confirmLabel: `Cancel ${emailsCount(count)}`,
    keepLabel: count === 1 ? 'Keep it' : 'Keep them',
  };
}

/** The panel's line while the job runs: "Cancelling 2 of 5 emails…". */
export function bulkProgressWords(job: Pick<EventBulkJob, 'action' | 'processed' | 'total'>): string {
  const verb = job.action === 'send_now' ? 'Sending' : 'Cancelling';
  return `${verb} ${formatCount(job.processed)} of ${emailsCount(job.total)}…`;
}

/** What the job did, once it has ended: a title and, when some were left alone, why. */
export function bulkOutcomeWords(job: Pick<EventBulkJob, 'action' | 'updated' | 'skipped'>): { title: string; detail: string | null } {
  const title = job.action === 'send_now' ? `${emailsCount(job.updated)} sent` : `${emailsCount(job.updated)} cancelled`;
  if (job.skipped === 0) return { title, detail: null };
  const why = job.action === 'send_now' ? 'no longer planned, or could not be sent' : 'no longer planned';
  return { title, detail: `${formatCount(job.skipped)} ${job.skipped === 1 ? 'was' : 'were'} left as ${job.skipped === 1 ? 'it was' : 'they were'}: ${why}.` };
}

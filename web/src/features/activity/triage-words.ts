import { addDays, TRIAGE_DONE_LABELS, type TriageAction, type TriageCategory } from '@receivables/contracts';

import { formatLongDate, possessive } from '../../lib/format';

/** The action each suggestion offers first; a reply with none offers a pause. */
export const SUGGESTED_ACTIONS: Record<TriageCategory, Exclude<TriageAction, 'dismiss'>> = {
  paid: 'mark_paid',
  promise: 'record_promise',
  dispute: 'mark_disputed',
  wrong_contact: 'replace_contact',
  copy_request: 'send_copy',
  stop: 'pause',
};

/** Every action but Dismiss, in the order "Other actions" lists them. */
export const TRIAGE_MENU_ACTIONS = ['mark_paid', 'record_promise', 'mark_disputed', 'replace_contact', 'send_copy', 'pause'] as const;
export type TriageMenuAction = (typeof TRIAGE_MENU_ACTIONS)[number];

/** An action as a button or menu item says it, before it is done. */
export function triageActionLabel(action: TriageMenuAction, category: TriageCategory | null, promisedOn: string | null): string {
  switch (action) {
    case 'mark_paid':
      return 'Pause 7 days to check the payment';
    case 'record_promise':
      return promisedOn ? `Record the promise (until ${formatLongDate(promisedOn)})` : 'Record the promise';
    case 'mark_disputed':
      return 'Mark disputed and pause';
    case 'replace_contact':
      return 'Replace the contact';
    case 'send_copy':
      return 'Send the invoice copy';
    case 'pause':
      return category === 'stop' ? 'Pause chasing' : 'Pause';
  }
}

/** What was done, for "Marked disputed by Ann on 3 March 2026": the audit log's words too. */
export const TRIAGE_DONE_WORDS: Record<TriageAction, string> = TRIAGE_DONE_LABELS;

/** What a confirmation says will happen: its title, its words and its button. */
export interface TriageConfirmation {
  title: string;
  body: string;
  confirmLabel: string;
}

/** The days chasing waits while a payment the customer says it made is looked for (the server's PAYMENT_CHECK_DAYS). */
export const PAYMENT_CHECK_DAYS = 7;

/**
 * Before a person acts on a reply: what will happen to the customer's chasing, in words. `today`
 * is the organisation's (YYYY-MM-DD), from which the payment check's 7 days count.
 */
export function describeTriageConfirmation(action: TriageMenuAction, customerName: string, today: string): TriageConfirmation {
  switch (action) {
    case 'mark_paid':
      return {
        title: 'Pause to check the payment?',
        body: `Chasing ${customerName} pauses for ${PAYMENT_CHECK_DAYS} days, until ${formatLongDate(addDays(today, PAYMENT_CHECK_DAYS))}, while you look for the payment. If the debt is still owed then, chasing starts again.`,
        confirmLabel: 'Pause 7 days',
      };
    case 'record_promise':
      return {
        title: 'Record the promise?',
        body: `Chasing ${customerName} pauses through the day they promise to pay by, and starts again the day after if the debt is still owed.`,
        confirmLabel: 'Record the promise',
      };
    case 'mark_disputed':
      return {
        title: 'Mark disputed and pause?',
        body: `The dispute is recorded on ${possessive(customerName)} timeline and chasing pauses until someone resumes it: a disputed debt is not chased.`,
        confirmLabel: 'Mark disputed',
      };
    case 'replace_contact':
      return {
        title: 'Replace the contact?',
        body: `This address becomes ${possessive(customerName)} primary contact: reminders go to it from now on.`,
        confirmLabel: 'Replace the contact',
      };
    case 'send_copy':
      return {
        title: 'Send the invoice copy?',
        body: `It goes now, in answer to their email, listing ${possessive(customerName)} open invoices with a link to read and pay each — even in dry run, as you choose to send it. Chasing goes on as before.`,
        confirmLabel: 'Send the copy',
      };
    case 'pause':
      return {
        title: 'Pause chasing?',
        body: `Chasing ${customerName} pauses until someone resumes it from the customer’s page.`,
        confirmLabel: 'Pause',
      };
  }
}

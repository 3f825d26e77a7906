import type { EmailKind, Tone, Variation } from '@receivables/contracts';

// The short explanations the editor and the generator show beside the contract's labels
// (docs/email-tones.md, Tones and Variation).

export const TONE_HINTS: Record<Tone, string> = {
  'friendly-reminder': 'Reads as an oversight: the amount, the due date and the payment links.',
  'relationship-building': 'We value you and want to help: offers a call or a payment plan.',
  firm: 'Factual: the amount, days late, a date to pay by and the next step.',
  urgent: 'Action is needed now: today, and what happens next.',
};

export const KIND_HINTS: Record<EmailKind, string> = {
  regular_email: 'To the customer’s primary contact.',
  escalation_email: 'To the escalation contact, with the primary contact in copy.',
};

export const VARIATION_HINTS: Record<Variation, string> = {
  none: 'Every customer gets the first wording of each variants block.',
  vary: 'One wording per variants block, chosen per customer and step, so repeated reminders do not read the same.',
  full: 'Written afresh from the tone and type when each email is sent: no subject or body to write.',
};

/** "used by 1 step", "used by 3 steps", "not used". */
export function usedByText(count: number): string {
  if (count === 0) return 'Not used';
  return `Used by ${count} ${count === 1 ? 'step' : 'steps'}`;
}

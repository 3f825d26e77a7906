import type { EmailKind, Tone } from '@receivables/contracts';

/**
 * The product's own wording for reminders, four tones by two kinds. Each passage lists variants
 * that say the same thing in different words; the first is what "send as written" uses. The rules
 * every phrase follows are in docs/email-tones.md: no threat the sender cannot carry out (the only
 * next steps named are another reminder, a call, an escalation to the customer's own escalation
 * contact, or putting the account on hold only where the sender has said it may), no harassing or
 * shaming wording, no capitals or exclamation marks to shout.
 *
 * Passages are Liquid with merge fields; `{{ invoice_table }}` and `{{ signature }}` are placed by
 * the assembler, not here.
 *
 * A reminder before the due date (decision 0036) reads `beforeDue` for every passage that would be
 * false then: before the due date, nothing says late or overdue, and nothing names a next step.
 */
export interface TonePhrases {
  subject: string[];
  greeting: string;
  opening: string[];
  ask: string[];
  /** Help offered, or the plain next step, depending on the tone. */
  next: string[];
  closing: string[];
  /** The wording of a reminder before the due date, for the passages that speak of lateness (`before_due`). */
  beforeDue?: BeforeDuePhrases;
}

export type BeforeDuePhrases = Partial<Pick<TonePhrases, 'subject' | 'opening' | 'ask' | 'next'>>;

const invoices = '{% if invoice_count == 1 %}invoice{% else %}{{ invoice_count }} invoices{% endif %}';
const theseInvoices = '{% if invoice_count == 1 %}this invoice{% else %}these invoices{% endif %}';
/** Guards (issue 29): a passage says only what is true of this email — links it has, reminders really sent. */
const withLinks = (said: string, otherwise = '') => `{% if payment_link_count > 0 %}${said}{% else %}${otherwise}{% endif %}`;
const ifReminded = (said: string, otherwise = '') => `{% if reminders_sent > 0 %}${said}{% else %}${otherwise}{% endif %}`;
const reminders = '{{ reminders_sent }} reminder{% if reminders_sent != 1 %}s{% endif %}';
const hasHave = '{% if reminders_sent == 1 %}has{% else %}have{% endif %}';
/** "1 day", "83 days": a step may fall the day after the due date. */
const daysLate = '{{ days_late }} day{% if days_late != 1 %}s{% endif %}';
/** Friendly and relationship tones greet by first name; firm and urgent by full name (issue 29). */
const FIRST_NAME = '{{ contact_first_name }}';
const FULL_NAME = '{{ contact_name }}';
/** Before the due date: agreement with the count, and when it falls due ("in 3 days", "tomorrow", "today"). */
const fallsDue = '{% if invoice_count == 1 %}falls{% else %}fall{% endif %} due';
const isAre = '{% if invoice_count == 1 %}is{% else %}are{% endif %}';
const dueWhen = '{% if days_until_due == 0 %}today{% elsif days_until_due == 1 %}tomorrow{% else %}in {{ days_until_due }} days{% endif %}';

const REGULAR: Record<Tone, TonePhrases> = {
  'friendly-reminder': {
    subject: [
      'A friendly reminder from {{ sender_name }}: {{ amount_overdue }} due',
      'Quick reminder: {{ amount_overdue }} for {{ customer_name }}',
      '{{ customer_name }}: a payment that may have slipped through',
    ],
    greeting: `Hi ${FIRST_NAME},`,
    opening: [
      'I hope all is well. Our records show {% if invoice_count == 1 %}an invoice{% else %}{{ invoice_count }} invoices{% endif %} for {{ customer_name }} that {% if invoice_count == 1 %}is now past its due date{% else %}are now past their due dates{% endif %} — it may simply have slipped through the net.',
      `Just a quick note: we have not yet received payment for the ${invoices} below, due on {{ oldest_due_date }}. These things are easily missed.`,
      'I am writing with a gentle reminder that {{ amount_overdue }} for {{ customer_name }} was due on {{ oldest_due_date }}. Perhaps it has been overlooked.',
    ],
    ask: [
      'Could you arrange payment of {{ amount_overdue }} when you have a moment? The details are above.',
      `When you get a chance, please arrange payment of {{ amount_overdue }}${withLinks(' using the links above')}.`,
    ],
    next: [
      'If you have already paid, thank you, and please ignore this email. If anything is unclear, just reply and let me know.',
      'If payment is already on its way, thank you. Should you need a copy of an invoice, simply reply to this email.',
    ],
    closing: ['Many thanks,', 'Thanks in advance,', 'Kind regards,'],
    beforeDue: {
      subject: [
        'A friendly note from {{ sender_name }}: {{ amount_due }} due on {{ oldest_due_date }}',
        'Coming up: {{ amount_due }} for {{ customer_name }}',
        '{{ customer_name }}: a payment coming up on {{ oldest_due_date }}',
      ],
      opening: [
        `I hope all is well. Just a friendly note that {% if invoice_count == 1 %}an invoice{% else %}{{ invoice_count }} invoices{% endif %} for {{ customer_name }} ${fallsDue} ${dueWhen}, on {{ oldest_due_date }}.`,
        `A quick note ahead of time: the ${invoices} below ${isAre} coming up for payment on {{ oldest_due_date }}.`,
        'I am writing ahead of time to let you know that {{ amount_due }} for {{ customer_name }} falls due on {{ oldest_due_date }}, so that it does not come as a surprise.',
      ],
      ask: [
        'Could you make sure payment of {{ amount_due }} is arranged by then? The details are above.',
        `When you get a chance, please set up payment of {{ amount_due }} for the due date${withLinks(' using the links above')}.`,
      ],
    },
  },
  'relationship-building': {
    subject: [
      '{{ customer_name }}: your account with {{ sender_name }}',
      'Checking in about {{ amount_overdue }} outstanding',
      'Can we help with the open balance for {{ customer_name }}?',
    ],
    greeting: `Dear ${FIRST_NAME},`,
    opening: [
      `We value working with {{ customer_name }}, so I wanted to check in personally: the ${invoices} below, totalling {{ amount_overdue }}, {% if invoice_count == 1 %}is{% else %}are{% endif %} now ${daysLate} past due.`,
      'Thank you for your continued business. I noticed that {{ amount_overdue }} for {{ customer_name }} has been outstanding since {{ oldest_due_date }}, and wanted to make sure everything is all right.',
      `I hope things are going well at {{ customer_name }}. I am getting in touch because ${theseInvoices} passed {% if invoice_count == 1 %}its{% else %}their{% endif %} due date on {{ oldest_due_date }}.`,
    ],
    ask: [
      'If the timing is difficult, we would rather hear from you than add to the pressure: we can talk it through on a call, or agree a payment plan that works for you.',
      'If something is holding payment up — a query on an invoice, or cash flow — let us know. We are happy to arrange a call or spread the amount over a payment plan.',
    ],
    next: [
      `${withLinks('Otherwise, you can settle the balance using the links above.', 'Otherwise, please settle the balance when you can.')} A short reply to let us know what suits you would be very welcome.`,
      `${withLinks('If all is in order, the links above are the quickest way to pay.', 'If all is in order, please arrange payment when you can.')} Either way, a quick reply would help us plan.`,
    ],
    closing: ['With best wishes,', 'Warm regards,', 'Kind regards,'],
    beforeDue: {
      subject: [
        '{{ customer_name }}: your account with {{ sender_name }}',
        'Looking ahead: {{ amount_due }} due on {{ oldest_due_date }}',
        'Coming up for {{ customer_name }}: {{ amount_due }} on {{ oldest_due_date }}',
      ],
      opening: [
        `We value working with {{ customer_name }}, so I wanted to let you know personally: the ${invoices} below, totalling {{ amount_due }}, ${fallsDue} on {{ oldest_due_date }}.`,
        `Thank you for your continued business. I wanted to let you know ahead of time that {{ amount_due }} for {{ customer_name }} falls due ${dueWhen}, on {{ oldest_due_date }}.`,
        `I hope things are going well at {{ customer_name }}. I am getting in touch because ${theseInvoices} {% if invoice_count == 1 %}comes{% else %}come{% endif %} due on {{ oldest_due_date }}, and I would like to make sure nothing stands in the way.`,
      ],
      ask: [
        'If the timing is difficult, it helps to hear from you before the due date: we can talk it through on a call, or agree a payment plan that works for you.',
        'If anything might hold payment up — a query on an invoice, or cash flow — let us know now. We are happy to arrange a call or spread the amount over a payment plan.',
      ],
      next: [
        `${withLinks('Otherwise, you can pay on the due date using the links above.', 'Otherwise, please arrange payment for the due date.')} A short reply to let us know what suits you would be very welcome.`,
        `${withLinks('If all is in order, the links above are the quickest way to pay.', 'If all is in order, please arrange payment for the due date.')} Either way, a quick reply would help us plan.`,
      ],
    },
  },
  firm: {
    subject: [
      'Overdue: {{ amount_overdue }} due since {{ oldest_due_date }}',
      `{{ customer_name }}: {{ amount_overdue }} overdue by ${daysLate}`,
      'Payment required: {{ amount_overdue }} for {{ customer_name }}',
    ],
    greeting: `Dear ${FULL_NAME},`,
    opening: [
      `Our records show that {{ amount_overdue }} for {{ customer_name }} remains unpaid. The oldest amount was due on {{ oldest_due_date }} and is now ${daysLate} overdue.`,
      `This is a reminder that the ${invoices} below, totalling {{ amount_overdue }}, {% if invoice_count == 1 %}is{% else %}are{% endif %} overdue. Payment was due on {{ oldest_due_date }}.`,
    ],
    ask: [
      'Please pay the full amount within 7 days of this email, or reply with the date on which payment will be made.',
      'We ask that you settle the balance within the next 7 days, or tell us by reply when it will be paid.',
    ],
    next: [
      'If we have not received payment or heard from you by then, we will follow up by phone and raise the matter with your accounts team.',
      'If the balance remains unpaid without word from you, the next step is a call from us and a reminder to your accounts team.',
    ],
    closing: ['Regards,', 'Yours sincerely,'],
    beforeDue: {
      subject: ['Payment due on {{ oldest_due_date }}: {{ amount_due }}', '{{ customer_name }}: {{ amount_due }} falls due on {{ oldest_due_date }}'],
      opening: [
        'This is a reminder that {{ amount_due }} for {{ customer_name }} falls due on {{ oldest_due_date }}.',
        `The ${invoices} below, totalling {{ amount_due }}, ${fallsDue} on {{ oldest_due_date }}.`,
      ],
      ask: [
        'Please make sure payment reaches us by then, or reply with the date on which it will be made.',
        'Please make sure the full amount reaches us by the due date, or tell us by reply if that will not be possible.',
      ],
      next: [
        `If you have a question about ${theseInvoices}, reply to this email and we will answer it before the due date.`,
        'If anything needs correcting, tell us by reply now, so that payment is not held up.',
      ],
    },
  },
  urgent: {
    subject: [
      'Action needed today: {{ amount_overdue }} overdue',
      `Urgent: {{ customer_name }} account ${daysLate} overdue`,
      'Please respond today: {{ amount_overdue }} outstanding',
    ],
    greeting: `Dear ${FULL_NAME},`,
    opening: [
      `{% if reminders_sent > 0 %}Despite our earlier reminders, {% endif %}{{ amount_overdue }} for {{ customer_name }} is still unpaid, ${daysLate} after it fell due on {{ oldest_due_date }}.`,
      `The ${invoices} below {% if invoice_count == 1 %}remains{% else %}remain{% endif %} unpaid ${daysLate} after the due date, and we need your attention to {% if invoice_count == 1 %}it{% else %}them{% endif %} now.`,
    ],
    ask: [
      `Please pay {{ amount_overdue }} today${withLinks(' using the links above')}, or reply today with a firm date for payment.`,
      'We ask you to make payment today, or to reply today so that we can agree when it will be paid.',
    ],
    next: [
      'If we do not hear from you, we will escalate this to the senior contact we hold for {{ customer_name }} and call to discuss the account.',
      'Without payment or a reply, our next step is to escalate the matter within {{ customer_name }} and follow up by phone.',
    ],
    closing: ['Regards,', 'Yours sincerely,'],
    beforeDue: {
      subject: ['Action needed by {{ oldest_due_date }}: {{ amount_due }} due', '{{ customer_name }}: {{ amount_due }} falls due on {{ oldest_due_date }}'],
      opening: [
        `{{ amount_due }} for {{ customer_name }} falls due ${dueWhen}, on {{ oldest_due_date }}.`,
        `The ${invoices} below ${fallsDue} on {{ oldest_due_date }}, and we ask for your attention to {% if invoice_count == 1 %}it{% else %}them{% endif %} now so that payment is made on time.`,
      ],
      ask: [
        `Please make sure payment of {{ amount_due }} reaches us by then${withLinks(' using the links above')}, or reply today if it cannot.`,
        'Please make sure payment reaches us by {{ oldest_due_date }}, or reply today so that we can agree when it will be paid.',
      ],
      next: [
        'If anything stands in the way of payment by the due date, reply to this email and we will help resolve it.',
        `If there is a query on ${theseInvoices}, please reply today so that it can be settled before the due date.`,
      ],
    },
  },
};

/** Escalations go to the escalation contact and say what has happened so far. */
const ESCALATION: Record<Tone, TonePhrases> = {
  'friendly-reminder': {
    subject: ['{{ customer_name }}: an overdue balance you may not know about', 'Could you help with an overdue payment for {{ customer_name }}?'],
    greeting: `Dear ${FIRST_NAME},`,
    opening: [
      ifReminded(
        `I am getting in touch because we have sent {{ primary_contact_name }} ${reminders} about {{ amount_overdue }} for {{ customer_name }} and have not yet heard back. It may simply not have reached the right person.`,
        'I am getting in touch about {{ amount_overdue }} for {{ customer_name }}, overdue since {{ oldest_due_date }}. It may not have reached the right person.',
      ),
      ifReminded(
        'We have written to {{ primary_contact_name }} about an overdue balance of {{ amount_overdue }}, due since {{ oldest_due_date }}, but have not had a reply. I thought you might be able to help.',
        '{{ customer_name }} has an overdue balance of {{ amount_overdue }}, due since {{ oldest_due_date }}. I thought you might be able to help.',
      ),
    ],
    ask: ['Could you make sure this reaches whoever handles payments, or let us know who we should speak to?', 'Would you be able to pass this on to the right person, or point us towards them?'],
    next: ['If it has already been paid, thank you, and please disregard this email.', 'If payment has just been made, thank you — please ignore this note.'],
    closing: ['Many thanks,', 'Kind regards,'],
  },
  'relationship-building': {
    subject: ['{{ customer_name }}: can we work this out together?', 'Your account with {{ sender_name }}: {{ amount_overdue }} outstanding'],
    greeting: `Dear ${FIRST_NAME},`,
    opening: [
      `We value our relationship with {{ customer_name }}, which is why I am writing to you directly. ${ifReminded(
        `{{ primary_contact_name }} has had ${reminders} from us about {{ amount_overdue }}, now ${daysLate} overdue, and we have not been able to resolve it.`,
        `{{ amount_overdue }} is now ${daysLate} overdue, and I would like to resolve it with you.`,
      )}`,
      `I am writing to you as the senior contact for {{ customer_name }}. ${ifReminded(
        'Our earlier reminders to {{ primary_contact_name }} about {{ amount_overdue }} have gone unanswered, and I would like to find a way forward together.',
        '{{ amount_overdue }} has been overdue since {{ oldest_due_date }}, and I would like to find a way forward together.',
      )}`,
    ],
    ask: [
      'If something is making payment difficult, we are glad to arrange a call or agree a payment plan that suits you.',
      'We would be happy to discuss a payment plan, or simply to talk it through on a call at a time that suits you.',
    ],
    next: ['A short reply with what would work for you is all we need to get started.', 'Please reply to this email and we will take it from there.'],
    closing: ['With best wishes,', 'Kind regards,'],
  },
  firm: {
    subject: ['Escalation: {{ amount_overdue }} overdue for {{ customer_name }}', `{{ customer_name }}: unpaid balance of {{ amount_overdue }}${ifReminded(` after ${reminders}`)}`],
    greeting: `Dear ${FULL_NAME},`,
    opening: [
      `We are escalating an overdue balance to you. {{ customer_name }} owes {{ amount_overdue }}, due since {{ oldest_due_date }} (${daysLate})${ifReminded(`, and ${reminders} to {{ primary_contact_name }} ${hasHave} not led to payment`)}.`,
      `{{ amount_overdue }} for {{ customer_name }} remains unpaid ${daysLate} after the due date${ifReminded(`, despite ${reminders} to {{ primary_contact_name }}`)}.`,
    ],
    ask: ['Please arrange payment in full within 7 days, or reply with the date it will be made.', 'We ask that the balance is paid within 7 days, or that you tell us by reply when it will be.'],
    next: [
      'If the balance remains unpaid without word from you, we will call to discuss the account.',
      'Without payment or a reply by then, we will be in touch by phone to resolve it.',
    ],
    closing: ['Regards,', 'Yours sincerely,'],
  },
  urgent: {
    subject: ['Urgent escalation: {{ amount_overdue }} overdue for {{ customer_name }}', `Action needed today: {{ customer_name }} account ${daysLate} overdue`],
    greeting: `Dear ${FULL_NAME},`,
    opening: [
      `I need to bring an urgent matter to your attention. {{ amount_overdue }} for {{ customer_name }} is ${daysLate} overdue${ifReminded(`, and ${reminders} to {{ primary_contact_name }} ${hasHave} gone unanswered`)}.`,
      `{{ customer_name }}'s balance of {{ amount_overdue }} has been overdue since {{ oldest_due_date }}.${ifReminded(' We have written to {{ primary_contact_name }} {{ reminders_sent }} time{% if reminders_sent != 1 %}s{% endif %} without a response.')}`,
    ],
    ask: ['Please arrange payment today, or reply today with a firm date for payment.', 'We ask you to ensure payment is made today, or to reply today so that we can agree a date.'],
    next: ['If we do not hear from you, we will call you to discuss the account.', 'Without a reply, our next step is to call you directly.'],
    closing: ['Regards,', 'Yours sincerely,'],
  },
};

export const PHRASES: Record<EmailKind, Record<Tone, TonePhrases>> = {
  regular_email: REGULAR,
  escalation_email: ESCALATION,
};

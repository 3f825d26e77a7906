import { type EmailKind, organisationToday, type RenderedEmail } from '@receivables/contracts';

import { type CustomerMail, mergeDataFor } from '../emails/load-customer-mail';
import { renderEmail, renderSubject } from '../emails/render-email';

import type { PlanContext } from './plan-context';
import type { PlannedEmail } from './plan-customer';

/**
 * One planned email rendered exactly as the preview shows it and the sender would send it: the
 * figures of `mail` (read on the planning day), days late counted to the day it goes out, and the
 * wording chosen by customer and step. Null when its template is gone.
 */
export async function renderPlannedEmail(context: PlanContext, mail: CustomerMail, email: PlannedEmail): Promise<RenderedEmail | null> {
  const template = context.templates.get(email.step.emailId);
  if (!template) return null;
  return renderEmail(template, plannedMergeData(context, mail, email, template.kind), seedOf(mail, email));
}

/**
 * The subject of one planned email, exactly as the preview shows it and the sender will send it:
 * the figures of `mail` (read on the planning day), days late counted to the day it goes out, the
 * wording chosen by customer and step. Only the subject is kept when an email is planned (Activity
 * lists it); the body is rendered when the email is read or sent (decision 0020). Null when its
 * template is gone.
 */
export async function renderPlannedSubject(context: PlanContext, mail: CustomerMail, email: PlannedEmail): Promise<string | null> {
  const template = context.templates.get(email.step.emailId);
  if (!template) return null;
  return renderSubject(template, plannedMergeData(context, mail, email, template.kind), seedOf(mail, email));
}

/** The seed names the customer and step, so `vary` picks the same words for the preview, the detail and the send. */
const seedOf = (mail: CustomerMail, email: PlannedEmail) => `${mail.customerId}:${email.step.id}`;

function plannedMergeData(context: PlanContext, mail: CustomerMail, email: PlannedEmail, kind: EmailKind) {
  return mergeDataFor(mail, kind, {
    today: organisationToday(context.chasing.settings.time_zone, email.sendAt),
    senderName: context.chasing.senderName,
    signature: context.chasing.signature,
    remindersSent: email.remindersSent,
  });
}

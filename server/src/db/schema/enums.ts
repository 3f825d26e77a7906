import { CHASE_STOP_REASONS } from '@receivables/contracts';
import { pgEnum } from 'drizzle-orm/pg-core';

// The value lists mirror the contracts' zod enums (docs/domain.md, Standing).
export const standingEnum = pgEnum('standing', ['in_good_standing', 'single_missed', 'multiple_missed', 'paused']);
export const transitionReasonEnum = pgEnum('transition_reason', [
  'days_passed',
  'to_multiple',
  'to_single',
  'debt_paid',
  'debt_voided',
]);
// Why the system paused a customer (contracts PAUSE_REASONS; decision 0021).
export const pauseReasonEnum = pgEnum('pause_reason', ['reply', 'out_of_office', 'says_paid', 'promise', 'dispute', 'asked_to_stop']);
// Why chasing stopped for a customer who owes (decision 0039).
export const chaseStopReasonEnum = pgEnum('chase_stop_reason', CHASE_STOP_REASONS);
export const contactRoleEnum = pgEnum('contact_role', ['primary', 'escalation']);
export const invoiceStatusEnum = pgEnum('invoice_status', ['open', 'paid', 'void', 'uncollectible']);
export const dataSourceEnum = pgEnum('data_source', ['stripe', 'csv', 'api']);
// A payment row is money received, or a Stripe credit note that took money off an invoice (decision 0022).
export const paymentKindEnum = pgEnum('payment_kind', ['payment', 'credit_note']);
export const importStatusEnum = pgEnum('import_status', ['uploaded', 'queued', 'running', 'completed', 'failed']);
export const sendingModeEnum = pgEnum('sending_mode', ['sending', 'dryrun', 'disabled']);

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { daysLate, PAUSE_REASON_LABELS, STANDING_LABELS, type CustomerDetail } from '@receivables/contracts';
import { useId, type ReactNode } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { RouterLink } from '../../../components/router-link';
import { formatLongDate, formatMoney } from '../../../lib/format';

import { CustomerHeaderActions } from './customer-header-actions';
import { StandingChip } from './standing-chip';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.5, fontWeight: 600, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Typography>
    </div>
  );
}

function describeDaysLate(customer: CustomerDetail, today: string): string {
  const days = daysLate(customer.due_date, today);
  if (days === null) return 'Nothing overdue';
  if (days <= 0) return 'Not yet late';
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * Since when the customer has stood where it stands. A late standing counts from the oldest
 * overdue due date, as days late do (docs/product.md, Home), not from when the system noticed:
 * an import of year-old invoices is not a debt that began on the day of the import.
 */
function standingSince(customer: CustomerDetail): string {
  const isLate = customer.standing === 'single_missed' || customer.standing === 'multiple_missed';
  return formatLongDate(isLate && customer.due_date ? customer.due_date : customer.standing_since);
}

/** "Paused until 3 March 2027 · Several missed underneath": the pause and what it hides. */
function pauseText(customer: CustomerDetail): string | null {
  if (customer.standing !== 'paused') return null;
  const until = customer.paused_until ? `Paused until ${formatLongDate(customer.paused_until)}` : 'Paused indefinitely';
  return `${until} · ${STANDING_LABELS[customer.underlying_standing]} underneath`;
}

/**
 * Why the system paused it (decision 0021: a reply, an out-of-office, a reply a person acted on),
 * with the received email that did, to read before resuming. A person's pause has no reason.
 */
function PauseReason({ customer }: { customer: CustomerDetail }) {
  if (customer.standing !== 'paused' || customer.pause_reason === null) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      <span>{PAUSE_REASON_LABELS[customer.pause_reason]}</span>
      {customer.pause_event_id ? (
        <>
          {' · '}
          {/* Underlined: a link inside a line of text is told apart by more than its colour (WCAG 1.4.1). */}
          <RouterLink to="/emails/$eventId" params={{ eventId: customer.pause_event_id }} underline="always">
            Read the email
          </RouterLink>
        </>
      ) : null}
    </Typography>
  );
}

/** A customer deleted in Stripe (decision 0022): its page and history stay, but Stripe no longer updates its details. */
function StripeDeletedNote({ customer }: { customer: CustomerDetail }) {
  if (customer.stripe_deleted_at === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      Deleted in Stripe on {formatLongDate(customer.stripe_deleted_at)}: kept here with its history, no longer synced
    </Typography>
  );
}

/** Who the customer is, what it owes and how far behind it is, and what can be done about it. */
export function CustomerHeader({ customer }: { customer: CustomerDetail }) {
  const paused = pauseText(customer);
  const headingId = useId();
  const today = useOrganisationToday();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
          <div style={{ minWidth: 0 }}>
            <Typography id={headingId} variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {customer.name}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
              <StandingChip standing={customer.standing} />
              <Typography variant="body2" color="text.secondary">
                since {standingSince(customer)}
              </Typography>
            </Stack>
            {paused ? (
              <Typography variant="body2" sx={{ fontWeight: 500, mt: 1 }}>
                {paused}
              </Typography>
            ) : null}
            <PauseReason customer={customer} />
            <StripeDeletedNote customer={customer} />
          </div>
          <CustomerHeaderActions customer={customer} />
        </Stack>
        <Stack
          component="dl"
          direction="row"
          useFlexGap
          sx={{ mt: 3, mb: 0, flexWrap: 'wrap', columnGap: { xs: 3, sm: 5 }, rowGap: 2 }}
        >
          <Figure label="Open balance">{formatMoney(customer.balance.open, customer.currency)}</Figure>
          <Figure label="Overdue">{formatMoney(customer.balance.overdue, customer.currency)}</Figure>
          <Figure label="Not yet due">{formatMoney(customer.balance.not_yet_due, customer.currency)}</Figure>
          {/* Paid ahead on account and taken by no invoice (decision 0037): shown only when there is some. */}
          {customer.credit > 0 ? <Figure label="Credit">{formatMoney(customer.credit, customer.currency)}</Figure> : null}
          <Figure label="Days late">{describeDaysLate(customer, today)}</Figure>
          <Figure label="Overdue invoices">{customer.n_invoices}</Figure>
          <Figure label="Last contact">{customer.last_chase_at ? formatLongDate(customer.last_chase_at) : 'Never'}</Figure>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2.5 }}>
          {/* The workflow is named on the Chasing card, with the default it may follow instead. */}
          Currency {customer.currency}
        </Typography>
      </CardContent>
    </Card>
  );
}

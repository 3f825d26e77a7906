import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { daysLate, todayIn, type Customer } from '@receivables/contracts';
import type { ReactNode } from 'react';

import { formatLongDate, formatMoney } from '../../../lib/format';

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

function describeDaysLate(customer: Customer): string {
  const days = daysLate(customer.due_date, todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
  if (days === null) return 'Nothing overdue';
  if (days <= 0) return 'Not yet late';
  return days === 1 ? '1 day' : `${days} days`;
}

/** Who the customer is and how far behind they are. */
export function CustomerHeader({ customer }: { customer: Customer }) {
  const contact = customer.contact;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {customer.name}
          </Typography>
          <StandingChip standing={customer.standing} />
        </Stack>
        <Stack
          component="dl"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 5 }}
          sx={{ mt: 3, mb: 0 }}
        >
          <Figure label="Amount overdue">{formatMoney(customer.amount_overdue, customer.currency)}</Figure>
          <Figure label="Days late">{describeDaysLate(customer)}</Figure>
          <Figure label="Overdue invoices">{customer.n_invoices}</Figure>
          <Figure label="Last contact">{customer.last_chase_at ? formatLongDate(customer.last_chase_at) : 'Never'}</Figure>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }} component="div">
          Primary contact:{' '}
          {contact ? (
            <>
              <Typography component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
                {contact.name ?? contact.email}
              </Typography>
              {contact.name ? ' · ' : null}
              {contact.name ? <MuiLink href={`mailto:${contact.email}`}>{contact.email}</MuiLink> : null}
              {contact.phone ? ` · ${contact.phone}` : null}
            </>
          ) : (
            'none recorded'
          )}
        </Typography>
      </CardContent>
    </Card>
  );
}

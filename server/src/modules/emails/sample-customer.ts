import { MS_PER_DAY } from '@receivables/contracts';

import type { CustomerMail } from './load-customer-mail';

/** Who a test email is about when the organisation has no one overdue: a made-up customer. */
export function sampleCustomer(currency: string, today: string): CustomerMail {
  const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * MS_PER_DAY).toISOString().slice(0, 10);
  return {
    customerId: '00000000-0000-4000-8000-000000000000',
    customerName: 'Sample Customer Ltd',
    standing: 'multiple_missed',
    standingSince: new Date(`${daysAgo(10)}T00:00:00Z`),
    workflowId: null,
    currency,
    primary: { name: 'Alex Sample', email: 'alex@sample.example' },
    escalation: { name: 'Sam Director', email: 'sam@sample.example' },
    invoices: [
      { number: 'INV-1001', dueDate: daysAgo(24), amountRemaining: 125_000, paymentUrl: null },
      { number: 'INV-1017', dueDate: daysAgo(10), amountRemaining: 48_050, paymentUrl: null },
    ],
  };
}

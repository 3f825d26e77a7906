import type { Invoice, TimelineItem } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { customerRecord } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerInvoicesCard } from './customer-invoices-card';
import { CustomerPaymentsCard } from './customer-payments-card';
import { CustomerTimelineCard } from './customer-timeline-card';

const ID = customerRecord().id;

const invoice = (n: number, overrides: Partial<Invoice> = {}): Invoice => ({
  id: `66666666-6666-4666-8666-66666666666${n}`,
  customer_id: ID,
  number: `INV-100${n}`,
  currency: 'GBP',
  amount_due: 88962,
  amount_paid: 0,
  amount_remaining: 88962,
  issued_on: '2026-10-01',
  due_date: '2026-10-31',
  status: 'open',
  source: 'api',
  external_id: null,
  payment_url: null,
  payment_retry_at: null,
  created_at: '2026-10-01T00:00:00Z',
  updated_at: '2026-10-01T00:00:00Z',
  ...overrides,
});

const payment = (n: number): TimelineItem => ({
  id: `77777777-7777-4777-8777-7777777777${String(n).padStart(2, '0')}`,
  at: '2026-11-03T10:00:00Z',
  kind: 'payment',
  amount: 100 * n,
  currency: 'GBP',
  invoice_number: null,
  allocations: [],
});

describe('customer page cards', () => {
  it('lists invoices with status, remaining and a pay link in a new tab', async () => {
    server.use(
      onApi('GET /api/invoices/', {
        rows: [invoice(1, { payment_url: 'https://pay.example/1' }), invoice(2, { status: 'paid', amount_remaining: 0 })],
        total: 2,
      }),
    );
    renderWithApp(<CustomerInvoicesCard customerId={ID} customerName="Acme Ltd" currency="GBP" />);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(within(first!).getAllByText('£889.62')).toHaveLength(2);
    const link = within(first!).getByRole('link', { name: 'Pay link for INV-1001 (opens in a new tab)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(second!).getAllByText('Paid').length).toBeGreaterThan(0);
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(apiRequests().map((r) => r.url)).toEqual([`/api/invoices/?customer_id=${ID}&limit=100`]);
  });

  it('says when Stripe retries the card for an open invoice, and that its reminders wait', async () => {
    server.use(
      onApi('GET /api/invoices/', {
        rows: [invoice(1, { source: 'stripe', payment_retry_at: '2026-11-16T10:00:00Z' }), invoice(2, { status: 'paid', amount_remaining: 0, payment_retry_at: null })],
        total: 2,
      }),
    );
    renderWithApp(<CustomerInvoicesCard customerId={ID} customerName="Acme Ltd" currency="GBP" />);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByText(/^Stripe retries the card 16 November 2026 at .*; reminders wait$/).length).toBeGreaterThan(0);
    expect(within(second!).queryByText(/Stripe retries/)).toBeNull();
  });

  it('shows the empty states', async () => {
    server.use(
      onApi('GET /api/invoices/', { rows: [], total: 0 }),
      onApi('GET /api/customers/:id/payments/', { rows: [], total: 0 }),
      onApi('GET /api/customers/:id/timeline', { rows: [], total: 0 }),
    );
    renderWithApp(
      <>
        <CustomerInvoicesCard customerId={ID} customerName="Acme Ltd" currency="GBP" />
        <CustomerPaymentsCard customerId={ID} currency="GBP" />
        <CustomerTimelineCard customerId={ID} />
      </>,
    );
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
    expect(await screen.findByText('No payments recorded')).toBeTruthy();
    expect(await screen.findByText('Nothing has happened yet')).toBeTruthy();
  });

  it('shows a failure with "Try again", which recovers', async () => {
    let failing = true;
    server.use(onApi('GET /api/customers/:id/payments/', () => (failing ? apiError(500, 'INTERNAL', 'Database unavailable') : { rows: [], total: 0 })));
    renderWithApp(<CustomerPaymentsCard customerId={ID} currency="GBP" />);
    expect(await screen.findByText('Failed to load payments')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payments recorded')).toBeTruthy();
  });

  it('loads the timeline a page at a time', async () => {
    server.use(
      onApi('GET /api/customers/:id/timeline', ({ query }) => ({
        rows: query.offset === '0' ? Array.from({ length: 20 }, (_, i) => payment(i + 1)) : [payment(21)],
        total: 21,
      })),
    );
    renderWithApp(<CustomerTimelineCard customerId={ID} />);
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByText('Payment of £1.00 received on account, held as credit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(apiRequests().map((r) => r.url)).toEqual([`/api/customers/${ID}/timeline?limit=20&offset=0`, `/api/customers/${ID}/timeline?limit=20&offset=20`]);
  });

  it('shows planned and superseded emails on the timeline, each a link to its page', async () => {
    const planned = '88888888-8888-4888-8888-888888888881';
    const cancelled = '88888888-8888-4888-8888-888888888882';
    const email = { kind: 'email', direction: 'outbox', email_kind: 'regular_email', email_name: 'Friendly reminder', subject: 'Hello', sent_at: null } as const;
    server.use(
      onApi('GET /api/customers/:id/timeline', {
        rows: [
          { ...email, id: planned, event_id: planned, at: '2026-11-05T09:00:00Z', status: 'pending', status_reason: null, scheduled_for: '2026-11-05T09:00:00Z', actor_id: null, actor_name: null },
          {
            ...email,
            id: cancelled,
            event_id: cancelled,
            at: '2026-11-03T10:00:00Z',
            status: 'superseded',
            status_reason: 'cancelled',
            scheduled_for: '2026-11-04T09:00:00Z',
            actor_id: '99999999-9999-4999-8999-999999999991',
            actor_name: 'Priya Patel',
          },
        ],
        total: 2,
      }),
    );
    renderWithApp(<CustomerTimelineCard customerId={ID} />);
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(list).getByRole('link', { name: 'Reminder planned: Friendly reminder' }).getAttribute('href')).toBe(`/emails/${planned}`);
    const gone = within(list).getByRole('link', { name: 'Reminder not sent: Friendly reminder — cancelled by hand' });
    expect(gone.getAttribute('href')).toBe(`/emails/${cancelled}`);
    expect(within(list).getAllByRole('listitem')[1]?.textContent).toContain('Priya Patel');
  });

  it('shows sent and drafted emails on the timeline by their subject, each a link to its page, and who sent one by hand', async () => {
    const sent = '88888888-8888-4888-8888-888888888883';
    const drafted = '88888888-8888-4888-8888-888888888884';
    const email = { kind: 'email', direction: 'outbox', status_reason: null, email_kind: 'regular_email', email_name: 'Friendly reminder', scheduled_for: '2026-11-03T09:00:00Z' } as const;
    server.use(
      onApi('GET /api/customers/:id/timeline', {
        rows: [
          { ...email, id: sent, event_id: sent, at: '2026-11-04T14:05:00Z', status: 'success', subject: 'Your account with Acme', sent_at: '2026-11-04T14:05:00Z', actor_id: '99999999-9999-4999-8999-999999999991', actor_name: 'Priya Patel' },
          { ...email, id: drafted, event_id: drafted, at: '2026-11-03T09:00:00Z', status: 'draft_success', subject: 'A friendly reminder', sent_at: '2026-11-03T09:00:00Z', actor_id: null, actor_name: null },
        ],
        total: 2,
      }),
    );
    renderWithApp(<CustomerTimelineCard customerId={ID} />);
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(list).getByRole('link', { name: 'Reminder sent: Your account with Acme' }).getAttribute('href')).toBe(`/emails/${sent}`);
    expect(within(list).getByRole('link', { name: 'Reminder draft kept (dry run): A friendly reminder' }).getAttribute('href')).toBe(`/emails/${drafted}`);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Priya Patel');
    expect(second?.textContent).toContain('System');
  });

  it('links a pause the customer’s reply made to that reply, and leaves a bounce as text', async () => {
    const reply = '88888888-8888-4888-8888-888888888885';
    const edit = { kind: 'edit', entity: 'customer', entity_id: ID, actor_id: null, actor_name: null, names: {}, currency: 'GBP' } as const;
    server.use(
      onApi('GET /api/customers/:id/timeline', {
        rows: [
          {
            ...edit,
            id: '88888888-8888-4888-8888-888888888886',
            at: '2026-11-05T09:00:00Z',
            action: 'customer.pause',
            changes: { paused_until: { from: null, to: null }, reason: { from: null, to: 'reply' }, event_id: { from: null, to: reply } },
          },
          {
            ...edit,
            id: '88888888-8888-4888-8888-888888888887',
            at: '2026-11-04T09:00:00Z',
            action: 'contact.undeliverable',
            entity: 'contact',
            changes: { email: { from: 'ap@acme.test', to: 'ap@acme.test' }, undeliverable: { from: null, to: '550 5.1.1 User unknown' } },
          },
        ],
        total: 2,
      }),
    );
    renderWithApp(<CustomerTimelineCard customerId={ID} />);
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(list).getByRole('link', { name: 'Paused — the customer replied' }).getAttribute('href')).toBe(`/emails/${reply}`);
    expect(within(list).getByText('Address ap@acme.test bounced: 550 5.1.1 User unknown')).toBeTruthy();
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('System');
  });
});

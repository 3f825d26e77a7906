import { addDays, organisationToday, type CustomerDetail } from '@receivables/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { customerRecord } from '../../../test/customer-data';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { CustomerHeader } from './customer-header';

const today = organisationToday(TEST_ORGANISATION.time_zone);

const detail = (overrides: Partial<CustomerDetail>): CustomerDetail => ({
  ...customerRecord(),
  balance: { open: 175_000, overdue: 125_000, not_yet_due: 50_000 },
  underlying_standing: 'multiple_missed',
  pause_reason: null,
  pause_event_id: null,
  stripe_deleted_at: null,
  credit: 0,
  ...overrides,
});

/** The figure under `label` in the header's list of figures. */
function figure(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition').textContent;
}

describe('CustomerHeader', () => {
  it('shows the open balance split into overdue and not yet due, late since the oldest overdue due date', async () => {
    renderWithApp(<CustomerHeader customer={detail({ standing: 'multiple_missed', n_invoices: 2, due_date: '2026-01-15', standing_since: '2026-11-01T09:00:00Z' })} />);
    await screen.findByRole('heading', { name: 'Acme Widgets Ltd' });
    expect(figure('Open balance')).toBe('£1,750.00');
    expect(figure('Overdue')).toBe('£1,250.00');
    expect(figure('Not yet due')).toBe('£500.00');
    // Not the day the system noticed (1 November), the oldest due date it counts days late from.
    expect(screen.getByText('since 15 January 2026')).toBeTruthy();
    expect(screen.queryByText(/underneath/)).toBeNull();
    // No credit, no Credit figure.
    expect(screen.queryByText('Credit', { selector: 'dt' })).toBeNull();
  });

  it('shows the credit a payment on account left beside the balance', async () => {
    renderWithApp(<CustomerHeader customer={detail({ credit: 50_000 })} />);
    await screen.findByRole('heading', { name: 'Acme Widgets Ltd' });
    expect(figure('Credit')).toBe('£500.00');
  });

  it('says what a paused customer is underneath the pause', async () => {
    const until = addDays(today, 30);
    renderWithApp(<CustomerHeader customer={detail({ standing: 'paused', paused_until: until, standing_since: '2026-11-01T09:00:00Z' })} />);
    expect(await screen.findByText(/^Paused until \d{1,2} \w+ \d{4} · Several missed underneath$/)).toBeTruthy();
    expect(screen.getByText('since 1 November 2026')).toBeTruthy();
  });

  it('says so when an indefinite pause hides nothing overdue', async () => {
    renderWithApp(<CustomerHeader customer={detail({ standing: 'paused', paused_until: null, underlying_standing: 'in_good_standing' })} />);
    expect(await screen.findByText('Paused indefinitely · Good standing underneath')).toBeTruthy();
  });

  it('says why the system paused it, with a link to the email that did', async () => {
    const eventId = '22222222-2222-4222-8222-222222222222';
    renderWithApp(<CustomerHeader customer={detail({ standing: 'paused', paused_until: null, pause_reason: 'reply', pause_event_id: eventId })} />);
    expect(await screen.findByText('Paused indefinitely · Several missed underneath')).toBeTruthy();
    expect(screen.getByText('The customer replied')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the email' }).getAttribute('href')).toBe(`/emails/${eventId}`);
  });

  it('gives an out-of-office pause its end date and its reason', async () => {
    const until = addDays(today, 9);
    renderWithApp(<CustomerHeader customer={detail({ standing: 'paused', paused_until: until, pause_reason: 'out_of_office', pause_event_id: null })} />);
    expect(await screen.findByText(/^Paused until \d{1,2} \w+ \d{4} · Several missed underneath$/)).toBeTruthy();
    expect(screen.getByText('The contact is out of the office')).toBeTruthy();
    // No email to read when none is named.
    expect(screen.queryByRole('link', { name: 'Read the email' })).toBeNull();
  });

  it('says when a customer was deleted in Stripe, and that it stays here unsynced; nothing when it was not', async () => {
    const { unmount } = renderWithApp(<CustomerHeader customer={detail({ stripe_deleted_at: '2026-12-03T12:00:00Z' })} />);
    expect(await screen.findByText('Deleted in Stripe on 3 December 2026: kept here with its history, no longer synced')).toBeTruthy();
    unmount();
    renderWithApp(<CustomerHeader customer={detail({})} />);
    await screen.findByRole('heading', { name: 'Acme Widgets Ltd' });
    expect(screen.queryByText(/Deleted in Stripe/)).toBeNull();
  });

  it('lets a member pause but not edit the record, and says why on the disabled Edit', async () => {
    renderWithApp(<CustomerHeader customer={detail({ standing: 'multiple_missed' })} />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(edit).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveProperty('disabled', false);
    fireEvent.mouseOver(edit.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Only an admin or the owner can add or change customers, invoices and payments.');
    fireEvent.click(edit);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets an admin edit the record', async () => {
    renderWithApp(<CustomerHeader customer={detail({ standing: 'multiple_missed' })} />, { organisation: { ...TEST_ORGANISATION, role: 'admin' } });
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(edit).toHaveProperty('disabled', false);
    fireEvent.click(edit);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows a pause by hand as before, with no reason', async () => {
    renderWithApp(<CustomerHeader customer={detail({ standing: 'paused', paused_until: null })} />);
    expect(await screen.findByText('Paused indefinitely · Several missed underneath')).toBeTruthy();
    expect(screen.queryByText('The customer replied')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Read the email' })).toBeNull();
  });
});

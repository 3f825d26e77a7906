import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerRecord } from '../../../test/customer-data';
import { stubApiCalls } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerContactsCard } from './customer-contacts-card';

const customer = customerRecord({
  contact: { id: '33333333-3333-4333-8333-333333333333', name: 'Ann Accounts', email: 'ann@acme.test', phone: null, role: 'primary' },
});
const saved = customerRecord({
  ...customer,
  escalation_contact: { id: '55555555-5555-4555-8555-555555555555', name: 'Erin', email: 'erin@acme.test', phone: '0123', role: 'escalation' },
});

function stub(answer: () => Response) {
  return stubApiCalls(
    (call) => (call.url.endsWith('/contact') ? answer() : undefined),
    (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)),
  );
}

async function openAddEscalation() {
  renderWithApp(<CustomerContactsCard customer={customer} />);
  expect(await screen.findByRole('link', { name: 'ann@acme.test' })).toHaveProperty('href', 'mailto:ann@acme.test');
  fireEvent.click(screen.getByRole('button', { name: 'Add escalation contact' }));
  return screen.findByRole('dialog', { name: 'Add escalation contact' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Contact form', () => {
  it('requires a valid email before sending anything', async () => {
    const calls = stub(() => Response.json(saved));
    const dialog = await openAddEscalation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the contact with its role and says so', async () => {
    const calls = stub(() => Response.json(saved));
    const dialog = await openAddEscalation();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Erin ' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'erin@acme.test' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '0123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Escalation contact saved')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/api/customers/${customer.id}/contact`,
      body: { role: 'escalation', name: 'Erin', email: 'erin@acme.test', phone: '0123' },
    });
    expect(calls[0]!.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s field errors on the fields', async () => {
    stub(() =>
      Response.json(
        { error: { code: 'VALIDATION_FAILED', message: 'Invalid request', details: [{ field: 'email', reason: 'domain does not accept mail' }] } },
        { status: 400 },
      ),
    );
    const dialog = await openAddEscalation();
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'erin@nowhere.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('domain does not accept mail')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });
});

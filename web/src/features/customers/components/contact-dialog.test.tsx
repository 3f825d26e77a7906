import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiAnswer, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { useCustomer } from '../api/get-customer';

import { CustomerContactsCard } from './customer-contacts-card';

const customer = customerDetail({
  contact: { id: '33333333-3333-4333-8333-333333333333', name: 'Ann Accounts', email: 'ann@acme.test', phone: null, role: 'primary', undeliverable: null },
});
const saved = customerDetail({
  ...customer,
  escalation_contact: { id: '55555555-5555-4555-8555-555555555555', name: 'Erin', email: 'erin@acme.test', phone: '0123', role: 'escalation', undeliverable: null },
});

const answerContact = (answer: ApiAnswer<'POST /api/customers/:id/contact'>) => server.use(onApi('POST /api/customers/:id/contact', answer));

async function openAddEscalation() {
  renderWithApp(<CustomerContactsCard customer={customer} />);
  expect(await screen.findByRole('link', { name: 'ann@acme.test' })).toHaveProperty('href', 'mailto:ann@acme.test');
  fireEvent.click(screen.getByRole('button', { name: 'Add escalation contact' }));
  return screen.findByRole('dialog', { name: 'Add escalation contact' });
}

describe('Contact form', () => {
  it('requires a valid email before sending anything', async () => {
    answerContact(saved);
    const dialog = await openAddEscalation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an email address')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(apiRequests()).toHaveLength(0);
  });

  it('sends the contact with its role and says so', async () => {
    answerContact(saved);
    const dialog = await openAddEscalation();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Erin ' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'erin@acme.test' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '0123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Escalation contact saved')).toBeTruthy();
    const [sent] = apiRequests();
    expect(sent).toMatchObject({
      method: 'POST',
      url: `/api/customers/${customer.id}/contact`,
      body: { role: 'escalation', name: 'Erin', email: 'erin@acme.test', phone: '0123' },
    });
    expect(sent!.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s field errors on the fields', async () => {
    answerContact(apiError(400, 'VALIDATION_FAILED', 'Invalid request', [{ field: 'email', reason: 'domain does not accept mail' }]));
    const dialog = await openAddEscalation();
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'erin@nowhere.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('domain does not accept mail')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Email/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('A contact whose address bounced', () => {
  const reason = '550 5.1.1 <ap@acme.test>: Recipient address rejected: User unknown in virtual mailbox table';
  const bounced = customerDetail({
    contact: { id: '33333333-3333-4333-8333-333333333333', name: 'Ann Accounts', email: 'ap@acme.test', phone: null, role: 'primary', undeliverable: { at: '2026-11-20T10:00:00Z', reason } },
  });
  const replaced = customerDetail({ contact: { ...bounced.contact!, email: 'ann@acme.test', undeliverable: null } });

  /** The card as the page shows it: from the customer query, which saving a contact updates. */
  function LiveContactsCard() {
    return <CustomerContactsCard customer={useCustomer(bounced.id).data} />;
  }

  it('says chasing stopped writing to it, and asks for another address, which clears the warning', async () => {
    server.use(onApi('GET /api/customers/:id/', bounced), onApi('POST /api/customers/:id/contact', replaced));
    renderWithApp(<LiveContactsCard />);
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(`Emails to ap@acme.test bounced: ${reason}. Chasing has stopped writing to this address — give another one.`);
    expect(screen.getByText('Bounced')).toBeTruthy();

    fireEvent.click(within(warning).getByRole('button', { name: 'Change address of the primary contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit primary contact' });
    const email = within(dialog).getByLabelText(/Email/);
    expect(email).toHaveProperty('value', 'ap@acme.test');
    fireEvent.change(email, { target: { value: 'ann@acme.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Primary contact saved')).toBeTruthy();
    expect(apiRequests('POST /api/customers/:id/contact')[0]?.body).toEqual({ role: 'primary', name: 'Ann Accounts', email: 'ann@acme.test' });
    await waitFor(() => expect(screen.queryByText(/Chasing has stopped writing/)).toBeNull());
    expect(screen.queryByText('Bounced')).toBeNull();
    expect(screen.getByRole('link', { name: 'ann@acme.test' })).toBeTruthy();
  });

  it('shows nothing of the sort for an address that works', async () => {
    renderWithApp(<CustomerContactsCard customer={customer} />);
    expect(await screen.findByRole('link', { name: 'ann@acme.test' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Bounced')).toBeNull();
  });
});

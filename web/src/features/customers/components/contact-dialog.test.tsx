import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiAnswer, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerContactsCard } from './customer-contacts-card';

const customer = customerDetail({
  contact: { id: '33333333-3333-4333-8333-333333333333', name: 'Ann Accounts', email: 'ann@acme.test', phone: null, role: 'primary' },
});
const saved = customerDetail({
  ...customer,
  escalation_contact: { id: '55555555-5555-4555-8555-555555555555', name: 'Erin', email: 'erin@acme.test', phone: '0123', role: 'escalation' },
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

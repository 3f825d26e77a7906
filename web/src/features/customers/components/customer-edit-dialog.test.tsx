import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, type ApiAnswer, apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerEditDialog } from './customer-edit-dialog';

const customer = customerDetail();

const answerUpdate = (answer: ApiAnswer<'PUT /api/customers/:id/'>) => server.use(onApi('PUT /api/customers/:id/', answer));

describe('CustomerEditDialog', () => {
  it('sends the new name and upper-cased currency', async () => {
    answerUpdate(customerDetail({ name: 'Acme plc', currency: 'EUR' }));
    const onClose = vi.fn();
    renderWithApp(<CustomerEditDialog customer={customer} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Acme plc' } });
    fireEvent.change(within(dialog).getByLabelText(/Currency/), { target: { value: 'eur' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiRequests()[0]).toMatchObject({ method: 'PUT', url: `/api/customers/${customer.id}/`, body: { name: 'Acme plc', currency: 'EUR' } });
  });

  it('shows a currency clash on the currency field', async () => {
    answerUpdate(apiError(422, 'DOMAIN_RULE', 'The customer has open invoices in GBP', [{ field: 'currency', reason: 'open invoices are in GBP' }]));
    renderWithApp(<CustomerEditDialog customer={customer} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    fireEvent.change(within(dialog).getByLabelText(/Currency/), { target: { value: 'USD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('open invoices are in GBP')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Currency/).getAttribute('aria-invalid')).toBe('true');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerRecord } from '../../../test/customer-data';
import { stubApiCalls } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';

import { CustomerEditDialog } from './customer-edit-dialog';

const customer = customerRecord();

function stub(answer: () => Response) {
  return stubApiCalls(answer, (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerEditDialog', () => {
  it('sends the new name and upper-cased currency', async () => {
    const calls = stub(() => Response.json(customerRecord({ name: 'Acme plc', currency: 'EUR' })));
    const onClose = vi.fn();
    renderWithApp(<CustomerEditDialog customer={customer} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Acme plc' } });
    fireEvent.change(within(dialog).getByLabelText(/Currency/), { target: { value: 'eur' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', url: `/api/customers/${customer.id}/`, body: { name: 'Acme plc', currency: 'EUR' } });
  });

  it('shows a currency clash on the currency field', async () => {
    stub(() =>
      Response.json(
        { error: { code: 'DOMAIN_RULE', message: 'The customer has open invoices in GBP', details: [{ field: 'currency', reason: 'open invoices are in GBP' }] } },
        { status: 422 },
      ),
    );
    renderWithApp(<CustomerEditDialog customer={customer} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer' });
    fireEvent.change(within(dialog).getByLabelText(/Currency/), { target: { value: 'USD' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('open invoices are in GBP')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Currency/).getAttribute('aria-invalid')).toBe('true');
  });
});

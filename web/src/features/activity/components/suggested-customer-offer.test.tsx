import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { customerRecord } from '../../../test/customer-data';
import { inboundDetail, inboundRow } from '../../../test/inbound-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';

const ACME = customerRecord();
const suggested = inboundRow({
  from: { address: 'bob@acme.co.uk', name: 'Bob Jones' },
  subject: 'Remittance advice',
  suggested_customer: { customer_id: ACME.id, name: ACME.name, contact_email: 'jane@acme.co.uk', domain: 'acme.co.uk' },
});
const stranger = inboundRow({ id: '66666666-6666-4666-8666-666666666662', from: { address: 'someone@gmail.com', name: null }, subject: 'Hello' });

/** Activity's inbox with these unassigned messages, opened. */
async function openUnassigned(assign: Response | ReturnType<typeof inboundDetail> = inboundDetail({ matched_by: 'hand' })) {
  server.use(
    onApi('GET /api/events/', { rows: [], total: 0 }),
    onApi('GET /api/inbound/counts/', { unread: 0, unassigned: 2 }),
    onApi('GET /api/inbound/unassigned/', () => (apiRequests('POST /api/inbound/:id/assign').length > 0 ? { rows: [stranger], total: 1 } : { rows: [suggested, stranger], total: 2 })),
    onApi('POST /api/inbound/:id/assign', assign),
  );
  renderRoute('/emails/?tab=inbox');
  fireEvent.click(await screen.findByRole('button', { name: 'Unassigned (2)' }));
  return screen.findByRole('list', { name: 'Unassigned emails' });
}

describe('an unassigned email from a known customer’s domain', () => {
  it('names the customer and why, and attaches it there in one click', async () => {
    const list = await openUnassigned();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain(`Looks like ${ACME.name} (same domain as jane@acme.co.uk)`);
    // Nothing to offer for a free-mail sender: only the dialog.
    expect(second!.textContent).not.toContain('Looks like');
    expect(within(second!).queryByRole('button', { name: /^Assign/ })).toBeNull();

    fireEvent.click(within(first!).getByRole('button', { name: `Assign “Remittance advice” to ${ACME.name}` }));
    await waitFor(() => expect(apiRequests('POST /api/inbound/:id/assign')).toHaveLength(1));
    const [request] = apiRequests('POST /api/inbound/:id/assign');
    expect(request!.body).toEqual({ customer_id: ACME.id });
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(await screen.findByText(`Attached to ${ACME.name}: the email is on their Activity now`)).toBeTruthy();
    // The inbox is read again: the message has left it.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says so when it could not be attached', async () => {
    const list = await openUnassigned(apiError(409, 'CONFLICT', 'This email is already on a customer', [{ field: 'id', reason: 'already attached' }]));
    fireEvent.click(within(list).getByRole('button', { name: /^Assign “Remittance advice”/ }));
    expect(await screen.findByText(`Could not attach it to ${ACME.name}: This email is already on a customer`)).toBeTruthy();
  });
});

import { organisationToday } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';

import { apiRequests, onApi } from '../../../test/api-handlers';
import { customerDetail } from '../../../test/customer-data';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { CustomerPauseDialog } from './customer-pause-dialog';

const ID = customerDetail().id;
// The dialog's "today" is the organisation's, which near midnight is not the machine's.
const today = () => dayjs(organisationToday(TEST_ORGANISATION.time_zone));

const answerPause = () => server.use(onApi('POST /api/customers/:id/pause', customerDetail({ standing: 'paused' })));

/** Types a date into the picker's field the way a paste or autofill would (DD/MM/YYYY). */
function typeDate(value: string) {
  const input = document.querySelector<HTMLInputElement>('input.MuiPickersInputBase-input');
  if (!input) throw new Error('no date field');
  fireEvent.change(input, { target: { value } });
}

describe('CustomerPauseDialog', () => {
  it('sends the chosen date with a fresh idempotency key', async () => {
    answerPause();
    const onClose = vi.fn();
    renderWithApp(<CustomerPauseDialog customerId={ID} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pause chasing' });
    expect(within(dialog).getByRole('radio', { name: 'Until a date' })).toHaveProperty('checked', true);

    const until = today().add(10, 'day');
    typeDate(until.format('DD/MM/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiRequests()).toHaveLength(1);
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', url: `/api/customers/${ID}/pause`, body: { until: until.format('YYYY-MM-DD') } });
    expect(apiRequests()[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('refuses today, past dates and dates after 2099 without asking the server', async () => {
    answerPause();
    renderWithApp(<CustomerPauseDialog customerId={ID} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pause chasing' });
    const pause = within(dialog).getByRole('button', { name: 'Pause' });

    fireEvent.click(pause);
    expect(await within(dialog).findByText('Choose a date')).toBeTruthy();

    typeDate(today().format('DD/MM/YYYY'));
    expect(await within(dialog).findByText('Choose a date after today')).toBeTruthy();
    typeDate('01/01/1899');
    expect(await within(dialog).findByText('Choose a date after today')).toBeTruthy();
    typeDate('01/01/2100');
    expect(await within(dialog).findByText('Choose a date no later than 31 December 2099')).toBeTruthy();
    fireEvent.click(pause);

    typeDate('31/12/2099');
    await waitFor(() => expect(within(dialog).queryByText(/Choose a date/)).toBeNull());
    expect(apiRequests()).toHaveLength(0);
  });

  it('pauses indefinitely with a null date', async () => {
    answerPause();
    const onClose = vi.fn();
    renderWithApp(<CustomerPauseDialog customerId={ID} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pause chasing' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Indefinitely' }));
    expect(within(dialog).queryByRole('group', { name: 'Pause until' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', body: { until: null } });
    expect(await screen.findByText('Paused indefinitely')).toBeTruthy();
  });
});

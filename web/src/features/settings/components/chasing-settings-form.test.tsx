import type { ChasingSettings } from '@receivables/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type ApiAnswer, apiError, apiRequests, onApi, type ApiRequest } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';
import { TEST_ORGANISATION } from '../../../test/signed-in';

import { ChasingSettingsForm } from './chasing-settings-form';

const settings: ChasingSettings = {
  time_zone: 'Europe/London',
  send_window_start: '09:00',
  send_window_end: '17:00',
  working_days: [1, 2, 3, 4, 5],
  holiday_region: 'GB-ENG',
  weekly_cap: 2,
  sending_mode: 'dryrun',
};

const regions = { rows: [{ code: 'GB-ENG', name: 'United Kingdom — England' }], total: 1 };

function stub(onSave: (request: ApiRequest) => ApiAnswer<'PUT /api/settings/chasing'>) {
  server.use(
    onApi('GET /api/settings/holiday-regions', regions),
    onApi('PUT /api/settings/chasing', onSave),
    // A save refreshes the organisation's settings (its time zone decides "today").
    onApi('GET /api/organisation/', TEST_ORGANISATION),
  );
}

const saves = () => apiRequests('PUT /api/settings/chasing');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save chasing settings' }));

describe('ChasingSettingsForm', () => {
  it('sends the calendar with the days in week order, and says it saved', async () => {
    stub((request) => ({ ...settings, ...(request.body as Partial<ChasingSettings>) }));
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mon' }));
    fireEvent.change(screen.getByLabelText(/Weekly cap/), { target: { value: '5' } });
    save();
    expect(await screen.findByText('Chasing settings saved')).toBeTruthy();
    expect(saves()[0]?.body).toEqual({ send_window_start: '09:00', send_window_end: '17:00', working_days: [2, 3, 4, 5, 6], weekly_cap: 5 });
    expect(saves()[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('reads the send window as a 24-hour clock whatever the browser: 0830 is 08:30, 7pm is refused', async () => {
    stub((request) => ({ ...settings, ...(request.body as Partial<ChasingSettings>) }));
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    fireEvent.change(await screen.findByLabelText(/Send window starts/), { target: { value: '7pm' } });
    save();
    expect(await screen.findByText('Enter a 24-hour time like 09:00 or 17:30')).toBeTruthy();
    expect(saves()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Send window starts/), { target: { value: '0830' } });
    fireEvent.change(screen.getByLabelText(/Send window ends/), { target: { value: '18.00' } });
    save();
    expect(await screen.findByText('Chasing settings saved')).toBeTruthy();
    expect(saves()[0]?.body).toMatchObject({ send_window_start: '08:30', send_window_end: '18:00' });
  });

  it('shows a member the calendar with every field disabled, why, and no Save', async () => {
    stub(() => settings);
    renderWithApp(<ChasingSettingsForm settings={settings} />, { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect((await screen.findByRole('note')).textContent).toContain('Only an admin or the owner can change these settings.');
    expect(screen.getByLabelText(/Weekly cap/).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText(/Send window starts/).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Mon' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Save chasing settings' })).toBeNull();
  });

  it('refuses a window that ends before it starts, next to its end, without asking the server', async () => {
    stub(() => settings);
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    const end = await screen.findByLabelText(/Send window ends/);
    fireEvent.change(end, { target: { value: '08:30' } });
    save();
    expect(await screen.findByText('Must be after the start of the window')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(0);
  });

  it('shows the organisation’s zone and holidays it reads the window in, and where to change them (decision 0028)', async () => {
    stub(() => settings);
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).toBeNull();
    expect(await screen.findByText('United Kingdom — England')).toBeTruthy();
    expect(screen.getByText(/Times are in/).textContent).toContain('Europe/London');
    expect(screen.getByRole('link', { name: 'Change them in Settings → Organisation' }).getAttribute('href')).toBe('/settings/organisation');
  });

  it('puts each field the server names next to that field', async () => {
    stub(() =>
      apiError(400, 'VALIDATION_FAILED', 'The request is not valid', [
        { field: 'weekly_cap', reason: 'must be at most 14' },
        { field: 'send_window_start', reason: 'must be a time like 09:00' },
      ]),
    );
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    await screen.findByRole('button', { name: 'Save chasing settings' });
    save();
    expect(await screen.findByText('must be at most 14')).toBeTruthy();
    expect(screen.getByLabelText(/Weekly cap/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be a time like 09:00')).toBeTruthy();
    // Every issue found its field, so no general message repeats them.
    expect(screen.queryByText('The request is not valid')).toBeNull();
  });

  it('shows a refusal with no field of its own above the form', async () => {
    stub(() => apiError(403, 'FORBIDDEN', 'Only an owner can change this.'));
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    await screen.findByRole('button', { name: 'Save chasing settings' });
    save();
    expect(await screen.findByText('Only an owner can change this.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save chasing settings' })).not.toHaveProperty('disabled', true));
  });
});

import type { ChasingSettings } from '@receivables/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApiCalls, type StubbedCall } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render-with-app';

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

function stub(onSave: (call: StubbedCall) => Response) {
  return stubApiCalls(
    (call) => {
      if (call.url === '/api/settings/holiday-regions') return Response.json(regions);
      if (call.url === '/api/settings/chasing' && call.method === 'PUT') return onSave(call);
      return undefined;
    },
    (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)),
  );
}

const saves = (calls: StubbedCall[]) => calls.filter((c) => c.method === 'PUT');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save chasing settings' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChasingSettingsForm', () => {
  it('sends the calendar with the days in week order, and says it saved', async () => {
    const calls = stub((call) => Response.json({ ...settings, ...(call.body as object) }));
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Saturday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Monday' }));
    fireEvent.change(screen.getByLabelText(/Weekly cap/), { target: { value: '5' } });
    save();
    expect(await screen.findByText('Chasing settings saved')).toBeTruthy();
    expect(saves(calls)[0]?.body).toEqual({
      time_zone: 'Europe/London',
      send_window_start: '09:00',
      send_window_end: '17:00',
      working_days: [2, 3, 4, 5, 6],
      holiday_region: 'GB-ENG',
      weekly_cap: 5,
    });
    expect(saves(calls)[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('refuses a window that ends before it starts, next to its end, without asking the server', async () => {
    const calls = stub(() => Response.json(settings));
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    const end = await screen.findByLabelText(/Send window ends/);
    fireEvent.change(end, { target: { value: '08:30' } });
    save();
    expect(await screen.findByText('Must be after the start of the window')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(saves(calls)).toHaveLength(0);
  });

  it('puts each field the server names next to that field', async () => {
    stub(() =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The request is not valid',
            details: [
              { field: 'holiday_region', reason: 'must be a country or region code such as GB-ENG' },
              { field: 'time_zone', reason: 'must be a time zone such as Europe/London' },
            ],
          },
        },
        { status: 400 },
      ),
    );
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    await screen.findByRole('combobox', { name: /Public holidays/ });
    save();
    expect(await screen.findByText('must be a country or region code such as GB-ENG')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Public holidays/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be a time zone such as Europe/London')).toBeTruthy();
    // Every issue found its field, so no general message repeats them.
    expect(screen.queryByText('The request is not valid')).toBeNull();
  });

  it('shows a refusal with no field of its own above the form', async () => {
    stub(() => Response.json({ error: { code: 'FORBIDDEN', message: 'Only an owner can change this.' } }, { status: 403 }));
    renderWithApp(<ChasingSettingsForm settings={settings} />);
    await screen.findByRole('button', { name: 'Save chasing settings' });
    save();
    expect(await screen.findByText('Only an owner can change this.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save chasing settings' })).not.toHaveProperty('disabled', true));
  });
});

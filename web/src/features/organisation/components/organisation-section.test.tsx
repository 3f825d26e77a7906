import type { OrganisationProfile, Role } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { TEST_ORGANISATION } from '../../../test/signed-in';

const ORGANISATION_ID = '99999999-9999-4999-8999-999999999999';
const profile: OrganisationProfile = { id: ORGANISATION_ID, name: 'Acme Receivables', default_currency: 'GBP', holiday_region: 'GB-ENG', time_zone: 'Europe/London' };
const regions = { rows: [{ code: 'GB-ENG', name: 'United Kingdom — England' }, { code: 'DE', name: 'Germany' }], total: 2 };

/** Settings → Organisation, as `role` sees it; better-auth's list of organisations answers `names()`. */
function openSection(role: Role = 'owner', names: () => string[] = () => [profile.name]) {
  const view = renderRoute('/settings/organisation', { organisation: { ...TEST_ORGANISATION, role } });
  server.use(
    onApi('GET /api/organisation/profile', profile),
    onApi('GET /api/organisation/letterhead', { company_name: null, company_number: null, company_address: null, vat_number: null, logo: null }),
    onApi('GET /api/settings/holiday-regions', regions),
    http.get('/api/auth/organization/list', () =>
      HttpResponse.json(names().map((name, i) => ({ id: i === 0 ? ORGANISATION_ID : `org-${i}`, name, slug: `s${i}`, logo: null, metadata: null, createdAt: '2026-01-01T00:00:00.000Z' }))),
    ),
  );
  return view;
}

const form = () => screen.findByRole('form', { name: 'Organisation' });
const switcher = (name: string) => screen.findByRole('button', { name: `${name}, switch organisation` });

describe('Settings → Organisation', () => {
  it('renames the organisation and changes its currency: the switcher shows the new name at once', async () => {
    let name = profile.name;
    openSection('owner', () => [name]);
    server.use(
      onApi('PUT /api/organisation/profile', (request) => {
        const saved = { ...profile, ...(request.body as Partial<OrganisationProfile>) };
        name = saved.name;
        return saved;
      }),
      onApi('GET /api/organisation/', TEST_ORGANISATION),
    );
    await switcher('Acme Receivables');
    const within_ = within(await form());
    // The fields name their values once the lists of currencies and regions have arrived (until then, by code).
    await waitFor(() => {
      expect(within_.getByRole('combobox', { name: /Default currency/ })).toHaveProperty('value', 'GBP — British Pound');
      expect(within_.getByRole('combobox', { name: /Public holidays/ })).toHaveProperty('value', 'United Kingdom — England (GB-ENG)');
    });
    fireEvent.change(within_.getByRole('textbox', { name: /Name/ }), { target: { value: '  Acme Collections ' } });
    const currency = within_.getByRole('combobox', { name: /Default currency/ });
    currency.focus();
    fireEvent.change(currency, { target: { value: 'Euro' } });
    fireEvent.click(await screen.findByRole('option', { name: 'EUR — Euro' }));
    fireEvent.click(within_.getByRole('button', { name: 'Save organisation' }));

    expect(await screen.findByText('Organisation saved')).toBeTruthy();
    expect(apiRequests('PUT /api/organisation/profile')[0]?.body).toEqual({
      name: 'Acme Collections',
      default_currency: 'EUR',
      holiday_region: 'GB-ENG',
      time_zone: 'Europe/London',
    });
    expect(await switcher('Acme Collections')).toBeTruthy();
  });

  it('puts each field the server refuses next to that field', async () => {
    openSection();
    server.use(
      onApi('PUT /api/organisation/profile', apiError(400, 'VALIDATION_FAILED', 'The body is not valid', [{ field: 'holiday_region', reason: 'must be a country or region code such as GB-ENG' }])),
    );
    fireEvent.click(within(await form()).getByRole('button', { name: 'Save organisation' }));
    expect(await screen.findByText('must be a country or region code such as GB-ENG')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Public holidays/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Organisation saved')).toBeNull();
  });

  it('refuses an empty name without asking the server', async () => {
    openSection();
    const within_ = within(await form());
    fireEvent.change(within_.getByRole('textbox', { name: /Name/ }), { target: { value: '   ' } });
    fireEvent.click(within_.getByRole('button', { name: 'Save organisation' }));
    expect(await screen.findByText('Enter the organisation’s name')).toBeTruthy();
    expect(apiRequests('PUT /api/organisation/profile')).toHaveLength(0);
  });

  it('shows a member the organisation read-only, why, no Save and no way to delete it', async () => {
    openSection('member');
    const within_ = within(await form());
    expect(within_.getByRole('note').textContent).toContain('Only an admin or the owner can change these settings.');
    expect(within_.getByRole('textbox', { name: /Name/ }).hasAttribute('disabled')).toBe(true);
    expect(within_.getByRole('combobox', { name: /Time zone/ }).hasAttribute('disabled')).toBe(true);
    expect(within_.queryByRole('button', { name: 'Save organisation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete organisation…' })).toBeNull();
  });

  it('lets an admin edit it, but only the owner may delete it', async () => {
    openSection('admin');
    expect(within(await form()).getByRole('button', { name: 'Save organisation' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Delete this organisation' })).toBeNull();
  });

  it('deletes it only once the owner has typed its name, then offers to create another when it was their only one', async () => {
    const { router } = openSection();
    let deleted = false;
    server.use(onApi('DELETE /api/organisation/', () => {
      deleted = true;
      return new HttpResponse(null, { status: 204 });
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete organisation…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Acme Receivables”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete organisation' });
    expect(confirm).toHaveProperty('disabled', true);
    const typed = within(dialog).getByRole('textbox', { name: 'Organisation name' });
    fireEvent.change(typed, { target: { value: 'acme receivables' } });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(typed, { target: { value: 'Acme Receivables' } });
    expect(confirm).toHaveProperty('disabled', false);

    // Once it is gone, the session has no organisation and the person belongs to none.
    server.use(
      http.get('/api/auth/get-session', () => (deleted ? HttpResponse.json(sessionWithout()) : undefined)),
      http.get('/api/auth/organization/list', () => (deleted ? HttpResponse.json([]) : undefined)),
    );
    fireEvent.click(confirm);
    expect(await screen.findByText('“Acme Receivables” was deleted. Create an organisation to carry on.')).toBeTruthy();
    expect(apiRequests('DELETE /api/organisation/')[0]?.body).toEqual({ name: 'Acme Receivables' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/org-select'));
    expect(await screen.findByRole('heading', { name: 'Create a new organisation' })).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    openSection();
    server.use(
      onApi('DELETE /api/organisation/', apiError(422, 'DOMAIN_RULE', 'The name typed is not this organisation’s name', [{ field: 'name', reason: 'must be the organisation’s name exactly' }])),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete organisation…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Acme Receivables”?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Organisation name' }), { target: { value: 'Acme Receivables' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete organisation' }));
    expect(await within(dialog).findByText('The name typed is not this organisation’s name')).toBeTruthy();
  });
});

/** better-auth's session once its organisation is gone: signed in, in none. */
function sessionWithout() {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    session: { id: 'session-0001', userId: 'user-0001', token: 'session-token', expiresAt: '2099-01-01T00:00:00.000Z', createdAt: at, updatedAt: at, activeOrganizationId: null },
    user: { id: 'user-0001', name: 'Ann Accountant', email: 'ann@example.test', emailVerified: true, image: null, createdAt: at, updatedAt: at },
  };
}

import type { Letterhead, OrganisationProfile, Role } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { TEST_ORGANISATION } from '../../../test/signed-in';

const profile: OrganisationProfile = { id: '99999999-9999-4999-8999-999999999999', name: 'Acme Receivables', default_currency: 'GBP', holiday_region: null, time_zone: 'Europe/London' };
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const LOGO = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
const saved: Letterhead = { company_name: 'Acme Trading Ltd', company_number: '01234567', company_address: '1 High Street\nLondon', vat_number: null, logo: LOGO };

/** Settings → Organisation as `role` sees it, the letterhead answering `letterhead`. */
function openSection(role: Role = 'owner', letterhead: Letterhead | (() => Letterhead | Response) = saved) {
  renderRoute('/settings/organisation', { organisation: { ...TEST_ORGANISATION, role } });
  server.use(
    onApi('GET /api/organisation/profile', profile),
    onApi('GET /api/organisation/letterhead', letterhead),
    onApi('GET /api/settings/holiday-regions', { rows: [], total: 0 }),
    http.get('/api/auth/organization/list', () => HttpResponse.json([{ id: profile.id, name: profile.name, slug: 's', logo: null, metadata: null, createdAt: '2026-01-01T00:00:00.000Z' }])),
  );
}

const form = () => screen.findByRole('form', { name: 'Letterhead' });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Logo file'), { target: { files: [file] } });

describe('Settings → Organisation, Letterhead', () => {
  it('shows what is saved with the logo, takes a new logo and details, and saves them', async () => {
    openSection();
    server.use(onApi('PUT /api/organisation/letterhead', (request) => request.body as Letterhead));
    const within_ = within(await form());
    expect(within_.getByRole('textbox', { name: 'Company number' })).toHaveProperty('value', '01234567');
    expect(within_.getByRole('img', { name: 'The logo emails will show' }).getAttribute('src')).toBe(LOGO);

    fireEvent.click(within_.getByRole('button', { name: 'Remove logo' }));
    expect(within_.queryByRole('img')).toBeNull();
    expect(within_.getByText('No logo: emails start with their greeting.')).toBeTruthy();
    choose(new File([new Uint8Array([...PNG_BYTES, 1, 2, 3])], 'logo.png', { type: 'image/png' }));
    const replaced = await within_.findByRole('img', { name: 'The logo emails will show' });
    expect(replaced.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    fireEvent.change(within_.getByRole('textbox', { name: 'VAT number' }), { target: { value: 'GB123456789' } });
    fireEvent.change(within_.getByRole('textbox', { name: 'Company number' }), { target: { value: '' } });
    fireEvent.click(within_.getByRole('button', { name: 'Save letterhead' }));
    expect(await screen.findByText('Letterhead saved')).toBeTruthy();
    expect(apiRequests('PUT /api/organisation/letterhead')[0]?.body).toEqual({
      company_name: 'Acme Trading Ltd',
      company_number: null,
      company_address: '1 High Street\nLondon',
      vat_number: 'GB123456789',
      logo: replaced.getAttribute('src'),
    });
  });

  it('refuses a file that is not a PNG or JPEG, or is one only by name, before saving', async () => {
    openSection('owner', { ...saved, logo: null });
    const within_ = within(await form());
    choose(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await within_.findByText('Choose a PNG or JPEG image')).toBeTruthy();
    choose(new File(['GIF89a pretending'], 'logo.png', { type: 'image/png' }));
    expect(await within_.findByText(/its bytes are not one/)).toBeTruthy();
    expect(within_.queryByRole('img')).toBeNull();
  });

  it('checks the numbers as the server does, and puts the server’s refusal next to its field', async () => {
    openSection();
    server.use(onApi('PUT /api/organisation/letterhead', apiError(422, 'DOMAIN_RULE', 'The letterhead cannot be saved as it is', [{ field: 'company_name', reason: 'must be at most 160 characters' }])));
    const within_ = within(await form());
    fireEvent.change(within_.getByRole('textbox', { name: 'VAT number' }), { target: { value: '12345' } });
    fireEvent.click(within_.getByRole('button', { name: 'Save letterhead' }));
    expect(await within_.findByText('must be a VAT number with its country prefix, such as GB123456789')).toBeTruthy();
    expect(apiRequests('PUT /api/organisation/letterhead')).toHaveLength(0);

    fireEvent.change(within_.getByRole('textbox', { name: 'VAT number' }), { target: { value: 'GB 123 4567 89' } });
    fireEvent.click(within_.getByRole('button', { name: 'Save letterhead' }));
    expect(await within_.findByText('must be at most 160 characters')).toBeTruthy();
    expect(within_.getByRole('textbox', { name: 'Registered company name' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a member the letterhead read-only, with no way to change the logo', async () => {
    openSection('member');
    const within_ = within(await form());
    expect(within_.getByRole('note').textContent).toContain('Only an admin or the owner can change these settings.');
    expect(within_.getByRole('textbox', { name: 'Registered office' }).hasAttribute('disabled')).toBe(true);
    expect(within_.getByRole('button', { name: 'Replace logo' })).toHaveProperty('disabled', true);
    expect(within_.queryByRole('button', { name: 'Remove logo' })).toHaveProperty('disabled', true);
    expect(within_.queryByRole('button', { name: 'Save letterhead' })).toBeNull();
  });

  it('says when it cannot be loaded, and loads it again on Try again, while the rest of the page works', async () => {
    let failing = true;
    openSection('owner', () => (failing ? apiError(500, 'INTERNAL', 'An unexpected error occurred') : saved));
    expect(await screen.findByText('Failed to load the letterhead')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Organisation' })).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(within(await form()).getByRole('textbox', { name: 'Registered company name' })).toHaveProperty('value', 'Acme Trading Ltd'));
  });
});

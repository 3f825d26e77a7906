import type { AuditEntry, AuditFacets, AuditListResponse } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { apiError, apiRequests, onApi } from '../../../test/api-handlers';
import { server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render-with-app';

import { AuditSection } from './audit-section';

const JO = { id: '7d3f4a52-93a4-4a6e-8f58-1b9c1a0e0001', name: 'Jo Bloggs', email: 'jo@acme.test' };
const CUSTOMER_ID = '0b7e0d6e-3a39-4a43-9d8c-7b0f6c0a0002';

let n = 0;
function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  n += 1;
  return {
    id: `5c1d0f7a-2b9e-4c61-9a55-${String(n).padStart(12, '0')}`,
    at: '2026-11-24T10:15:00.000Z',
    actor: JO,
    action: 'settings.email.sending_mode.update',
    description: 'changed the sending mode from Dry run to Sending',
    entity: 'org_settings',
    entity_id: '9e8a0c1b-5f6d-4e2a-8b3c-000000000003',
    customer: null,
    before: { sending_mode: 'dryrun' },
    after: { sending_mode: 'sending' },
    names: {},
    currency: null,
    ...overrides,
  };
}

const page = (rows: AuditEntry[], total = rows.length, next_cursor: string | null = null): AuditListResponse =>
  ({ rows, total, next_cursor });
const FACETS: AuditFacets = {
  actors: [JO],
  includes_system: true,
  action_families: [
    { prefix: 'customer.', label: 'Customers' },
    { prefix: 'settings.', label: 'Settings' },
  ],
};

const rename = () =>
  auditEntry({
    action: 'customer.update',
    entity: 'customer',
    entity_id: CUSTOMER_ID,
    customer: { id: CUSTOMER_ID, name: 'Acme Trading Ltd' },
    before: { name: 'Acme Ltd' },
    after: { name: 'Acme Trading Ltd' },
  });

const entries = () => screen.findByRole('list', { name: 'Changes, newest first' });

describe('Settings → Audit log', () => {
  it('reads each change as a sentence, links the customer, shows before → after, and loads more', async () => {
    server.use(
      onApi('GET /api/audit/facets', FACETS),
      onApi('GET /api/audit/', (request) =>
        request.query.cursor === 'page-2'
          ? page([auditEntry({ actor: null, action: 'settings.email.inbound.secret', before: null, after: { rotated: true } })], 3)
          : page([auditEntry(), rename()], 3, 'page-2'),
      ),
    );
    renderWithApp(<AuditSection />);
    expect(await screen.findByRole('status', { name: 'Loading the audit log' })).toBeTruthy();
    const list = await entries();
    const [mode, renamed] = within(list).getAllByRole('listitem');
    expect(mode!.textContent).toContain('Jo Bloggs changed the sending mode from Dry run to Sending');
    expect(mode!.textContent).toContain('Sending modeDry run → Sending');
    expect(renamed!.textContent).toContain('Jo Bloggs renamed “Acme Ltd” to Acme Trading Ltd');
    expect(within(renamed!).getByRole('link', { name: 'Acme Trading Ltd' }).getAttribute('href')).toBe(`/customers/${CUSTOMER_ID}`);
    expect(screen.getByText('Showing 2 of 3 changes')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]!.textContent).toContain('The system created a new webhook secret for replies');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(apiRequests('GET /api/audit/').map((r) => r.query.cursor ?? null)).toEqual([null, 'page-2']);
  });

  it('shows values in words: names not ids, a deleted thing as such, days and money, no line for what did not change', async () => {
    const [gentle, gone, invoice] = ['6f0c1d2e-3a4b-4c5d-8e9f-000000000001', '6f0c1d2e-3a4b-4c5d-8e9f-000000000002', '6f0c1d2e-3a4b-4c5d-8e9f-000000000003'];
    const customer = { id: CUSTOMER_ID, name: 'Acme Trading Ltd' };
    server.use(
      onApi('GET /api/audit/facets', FACETS),
      onApi('GET /api/audit/', page([
        auditEntry({ action: 'customer.update', entity: 'customer', entity_id: CUSTOMER_ID, customer, before: { workflow_id: gone }, after: { workflow_id: gentle }, names: { [gentle]: 'Gentle chasing' } }),
        auditEntry({
          action: 'customer.pause', entity: 'customer', entity_id: CUSTOMER_ID, customer,
          before: { standing: 'paused', paused_until: null }, after: { standing: 'paused', paused_until: '2026-12-15' },
        }),
        auditEntry({
          action: 'invoice.update', entity: 'invoice', entity_id: invoice, customer, currency: 'EUR', names: { [invoice]: 'INV-1042' },
          before: { amount_due: 120_000, status: 'open' }, after: { amount_due: 95_050, status: 'uncollectible' },
        }),
      ])),
    );
    renderWithApp(<AuditSection />);
    const [moved, paused, changed] = within(await entries()).getAllByRole('listitem');
    expect(moved!.textContent).toContain('Jo Bloggs moved Acme Trading Ltd to the workflow “Gentle chasing”');
    expect(moved!.textContent).toContain('Workflowa deleted workflow → Gentle chasing');
    expect(paused!.textContent).toContain('paused chasing for Acme Trading Ltd until 15 December 2026');
    // Paused before and after: the standing did not change, so it has no line.
    expect(paused!.textContent).not.toContain('Standing');
    expect(paused!.textContent).toContain('Paused until15 December 2026');
    expect(paused!.textContent).not.toContain('none');
    expect(changed!.textContent).toContain('changed invoice “INV-1042” of Acme Trading Ltd');
    expect(changed!.textContent).toContain('Amount due€1,200.00 → €950.50');
    expect(changed!.textContent).toContain('StatusOpen → Written off');
    // The entry's time in the one style the screen uses.
    expect(within(changed!).getByText(/^24 November 2026 at \d{2}:\d{2}$/)).toBeTruthy();
    for (const item of [moved, paused, changed]) expect(item!.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('filters by person and kind of change, and says so when nothing matches', async () => {
    server.use(
      onApi('GET /api/audit/facets', FACETS),
      onApi('GET /api/audit/', (request) => (request.query.action === 'customer.' ? page([]) : page([auditEntry()]))),
    );
    renderWithApp(<AuditSection />);
    await entries();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jo Bloggs' }));
    await waitFor(() => expect(apiRequests('GET /api/audit/').at(-1)?.query.actor_id).toBe(JO.id));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind of change' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Customers' }));
    expect(await screen.findByText('No changes match these filters')).toBeTruthy();
    expect(apiRequests('GET /api/audit/').at(-1)?.query).toMatchObject({ actor_id: JO.id, action: 'customer.' });

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await entries()).toBeTruthy();
    expect(apiRequests('GET /api/audit/').at(-1)?.query).not.toHaveProperty('actor_id');
  });

  it('says what will appear in a new organisation’s empty log', async () => {
    server.use(onApi('GET /api/audit/facets', { actors: [], includes_system: false, action_families: [] }), onApi('GET /api/audit/', page([])));
    renderWithApp(<AuditSection />);
    expect(await screen.findByText('Nothing has been changed yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('exports the filtered log as CSV under the server’s file name', async () => {
    const exports: string[] = [];
    server.use(
      onApi('GET /api/audit/facets', FACETS),
      onApi('GET /api/audit/', page([auditEntry()])),
      http.get('/api/audit/export.csv', ({ request }) => {
        exports.push(new URL(request.url).search);
        return new HttpResponse('\uFEFFTime (UTC),Person\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit-log-2026-11-24.csv"' } });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithApp(<AuditSection />);
    await entries();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind of change' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-11-24.csv']));
    expect(exports).toEqual(['?action=settings.']);
  });

  it('a failed load ends in the error panel with a retry that works', async () => {
    let fail = true;
    server.use(
      onApi('GET /api/audit/facets', FACETS),
      onApi('GET /api/audit/', () => (fail ? apiError(500, 'INTERNAL', 'Database unavailable') : page([auditEntry()]))),
    );
    renderWithApp(<AuditSection />);
    expect(await screen.findByText('Failed to load the audit log')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await entries()).toBeTruthy();
  });
});

import type { CustomerImport } from '@receivables/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, apiRequests, onApi, withStatus } from '../../../test/api-handlers';
import { importRecord } from '../../../test/import-data';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { TEST_ORGANISATION } from '../../../test/signed-in';

const ID = '55555555-5555-4555-8555-555555555555';

/** The import screen at its URL, `/customers/import`, showing `importId` when given. */
function renderScreen(importId?: string) {
  return renderRoute(importId ? `/customers/import?import_id=${importId}` : '/customers/import');
}

/** No earlier imports: the upload step lists none. */
const noImports = () => onApi('GET /api/imports/', { rows: [], total: 0 });

const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

describe('ImportScreen: upload', () => {
  it('posts the chosen file as text/csv and moves on to the mapping', async () => {
    server.use(
      noImports(),
      onApi('POST /api/imports/', withStatus(201, importRecord())),
      onApi('GET /api/imports/:id/', importRecord()),
      onApi('POST /api/imports/:id/check', { rows_to_import: 1, rows_refused: 0 }),
    );
    const { router } = renderScreen();
    expect(await screen.findByText(/No imports yet/)).toBeTruthy();
    expect(screen.getByText(/Xero, QuickBooks and Stripe/)).toBeTruthy();

    const file = new File(['Customer,Invoice\nAcme,INV-1\n'], 'invoices.csv', { type: 'text/csv' });
    chooseFile(file);

    expect(await screen.findByRole('heading', { name: 'Match your columns' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ import_id: ID });
    const [upload] = apiRequests('POST /api/imports/');
    expect(upload!.url).toBe('/api/imports/?filename=invoices.csv');
    expect(upload!.headers['content-type']).toBe('text/csv');
    expect(upload!.body).toBe(await file.text());
  });

  it('shows a member who reaches it by its URL the past imports, and why there is no upload', async () => {
    server.use(noImports());
    renderRoute('/customers/import', { organisation: { ...TEST_ORGANISATION, role: 'member' } });
    expect(await screen.findByText(/No imports yet/)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Only an admin or the owner can import customers.');
    expect(screen.queryByLabelText('CSV file')).toBeNull();
  });

  it('refuses a file that is not a CSV before uploading it', async () => {
    server.use(noImports(), onApi('POST /api/imports/', withStatus(201, importRecord())));
    renderScreen();
    await screen.findByText(/No imports yet/);
    chooseFile(new File(['x'], 'invoices.xlsx'));
    expect(screen.getByRole('alert').textContent).toMatch(/“invoices.xlsx” is not a CSV file/);
    expect(apiRequests('POST /api/imports/')).toHaveLength(0);
  });

  it('says why the server could not read the file', async () => {
    server.use(noImports(), onApi('POST /api/imports/', apiError(422, 'DOMAIN_RULE', 'Unreadable file', [{ field: 'file', reason: 'has no header row' }])));
    renderScreen();
    await screen.findByText(/No imports yet/);
    chooseFile(new File(['\n'], 'empty.csv'));
    expect(await screen.findByText('The file has no header row.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose CSV file' }).hasAttribute('disabled')).toBe(false);
  });

  it('lists recent imports, each opening its import', async () => {
    server.use(onApi('GET /api/imports/', { rows: [importRecord({ status: 'completed', total_rows: 1200, processed_rows: 1200, rejected_rows: 3 })], total: 1 }));
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Recent imports' });
    await within(table).findByRole('link', { name: 'invoices.csv' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['invoices.csv', expect.stringMatching(/November 2026/), 'Completed', '1,200', '3']);
    expect(within(table).getByRole('link', { name: 'invoices.csv' }).getAttribute('href')).toBe(`/customers/import?import_id=${ID}`);
  });
});

describe('ImportScreen: mapping', () => {
  // The server's count over the whole file: the second preview row is refused.
  const checked = () => onApi('POST /api/imports/:id/check', { rows_to_import: 1, rows_refused: 1 });
  const uploaded = () => [onApi('GET /api/imports/:id/', importRecord()), checked()];

  it('prefills the suggested columns and previews rows as the import will read them', async () => {
    server.use(...uploaded());
    renderScreen(ID);
    const customer = await screen.findByRole('combobox', { name: /Customer name/ });
    expect(customer.textContent).toBe('Customer');
    expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toBe('Not in the file');
    expect(screen.getByRole('combobox', { name: /Default currency/ }).textContent).toBe('GBP — British Pound');
    expect(screen.getByRole('combobox', { name: /Dates are written/ }).textContent).toBe('Day first — 31/07/2026');

    const preview = screen.getByRole('table', { name: 'Preview' });
    const [good, bad] = within(preview).getAllByRole('row').slice(1);
    expect(within(good!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '2', 'Harbour Lane Bakery', 'INV-1001', '31 July 2026', '£966.70', '£966.70', 'Open',
    ]);
    expect(within(bad!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '3', 'Not imported: Due date: “31/13/2026” is not a date (read day first)',
    ]);
    expect((await screen.findByRole('button', { name: 'Import 1 row' })).hasAttribute('disabled')).toBe(false);
  });

  it('asks before discarding an upload never started, and Keep it changes nothing', async () => {
    server.use(...uploaded(), onApi('DELETE /api/imports/:id/', null));
    const { router } = renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this import?' });
    expect(dialog.textContent).toContain('invoices.csv and its rows will be deleted. Nothing has been imported from it yet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('form', { name: 'Column mapping' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ import_id: ID });
    expect(apiRequests('DELETE /api/imports/:id/')).toEqual([]);
  });

  it('discards the upload once confirmed, says so, and goes back to choosing a file', async () => {
    server.use(...uploaded(), noImports(), onApi('DELETE /api/imports/:id/', new Response(null, { status: 204 })));
    const { router } = renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Discard this import?' })).getByRole('button', { name: 'Discard import' }));
    expect(await screen.findByText('invoices.csv discarded')).toBeTruthy();
    expect(apiRequests('DELETE /api/imports/:id/').map((r) => r.params.id)).toEqual([ID]);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    // The upload step, and the discarded file is not among the imports.
    expect(await screen.findByText(/No imports yet/)).toBeTruthy();
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
  });

  it('blocks the start while a required field is not mapped, and says why', async () => {
    server.use(...uploaded());
    renderScreen(ID);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Customer name/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Not in the file' }));

    expect(await screen.findByText('Customer name: must be mapped to a column (Customer name)')).toBeTruthy();
    expect(screen.getByText('Must be mapped to a column (Customer name)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start import' }).hasAttribute('disabled')).toBe(true);
    // The preview follows the mapping: without a name no row can be read.
    expect(within(screen.getByRole('table', { name: 'Preview' })).getAllByText(/Customer name: is empty/)).toHaveLength(2);
  });

  it('starts the import with the mapping and shows its progress', async () => {
    let polls = 0;
    server.use(
      checked(),
      onApi('POST /api/imports/:id/start', withStatus(202, importRecord({ status: 'queued', total_rows: 100_000 }))),
      onApi('GET /api/imports/:id/', () => {
        polls += 1;
        return polls === 1 ? importRecord() : importRecord({ status: 'running', total_rows: 100_000, processed_rows: 12_345, invoices_created: 12_000 });
      }),
    );
    renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 row' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    const [start] = apiRequests('POST /api/imports/:id/start');
    expect(start!.url).toBe(`/api/imports/${ID}/start`);
    expect(start!.body).toEqual({
      mapping: { customer_name: 0, currency: 5, invoice_number: 1, due_date: 2, amount_total: 3, amount_remaining: 4 },
      default_currency: 'GBP',
      date_order: 'dmy',
    });
    expect(start!.headers['idempotency-key']).toBeTruthy();

    // The page polls every second while the import runs.
    expect(await screen.findByText('12,345 of 100,000 rows', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('12');
    expect(screen.getByText('12,000')).toBeTruthy();
  });

  it('moves on to the progress when the import had already been started elsewhere', async () => {
    let polls = 0;
    server.use(
      checked(),
      onApi(
        'POST /api/imports/:id/start',
        apiError(409, 'CONFLICT', 'This import has already been started (it is running)', [{ field: 'id', reason: 'the import is not waiting to be started' }]),
      ),
      onApi('GET /api/imports/:id/', () => {
        polls += 1;
        return polls === 1 ? importRecord() : importRecord({ status: 'running', total_rows: 10, processed_rows: 5 });
      }),
    );
    renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    expect((await screen.findByRole('progressbar', { name: 'Import progress' })).getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows what the server refused about the mapping', async () => {
    server.use(
      ...uploaded(),
      onApi(
        'POST /api/imports/:id/start',
        apiError(400, 'VALIDATION_FAILED', 'Invalid mapping', [{ field: 'default_currency', reason: 'must be a three-letter ISO 4217 code such as GBP' }]),
      ),
    );
    renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    expect(await screen.findByText('must be a three-letter ISO 4217 code such as GBP')).toBeTruthy();
  });
});

describe('ImportScreen: result', () => {
  const completed = (overrides: Partial<CustomerImport>) =>
    importRecord({ status: 'completed', total_rows: 120, processed_rows: 120, finished_at: '2026-11-03T10:05:00Z', ...overrides });

  it('summarises the import and lists the rejected rows with their reasons', async () => {
    server.use(
      onApi('GET /api/imports/:id/', completed({ customers_created: 12, invoices_created: 118, rejected_rows: 2 })),
      onApi('GET /api/imports/:id/rejected/', {
        rows: [
          { row: 7, reason: 'Due date: “31/13/2026” is not a date (read day first)', cells: ['Acme', 'INV-7', '31/13/2026', '10.00'] },
          { row: 19, reason: 'Invoice total: “-5.00” is negative: credit notes are not imported', cells: ['Acme', 'CN-1', '01/01/2026', '-5.00'] },
        ],
        total: 2,
      }),
    );
    renderScreen(ID);
    expect(await screen.findByText('Imported 118 rows from invoices.csv')).toBeTruthy();
    expect(screen.getByText(/12 new customers, 118 new invoices\./)).toBeTruthy();
    expect(screen.getByText('2 rows were not imported: see which and why below.', { exact: false })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Rejected rows' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Row', 'Reason', 'Customer', 'Invoice', 'Due']);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '7', 'Due date: “31/13/2026” is not a date (read day first)', 'Acme', 'INV-7', '31/13/2026',
    ]);
    expect(apiRequests('GET /api/imports/:id/rejected/')[0]?.url).toBe(`/api/imports/${ID}/rejected/?limit=25&offset=0`);
    expect(screen.getByRole('button', { name: 'Download rejected rows' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View customers' }).getAttribute('href')).toBe('/customers/');
  });

  it('says plainly when a re-import changed nothing, and offers another file', async () => {
    server.use(onApi('GET /api/imports/:id/', completed({ invoices_unchanged: 120 })), noImports());
    const { router } = renderScreen(ID);
    expect(await screen.findByText('Nothing changed: every invoice was already up to date')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Rejected rows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('button', { name: 'Choose CSV file' })).toBeTruthy();
  });

  it('explains a failed import', async () => {
    server.use(onApi('GET /api/imports/:id/', importRecord({ status: 'failed', error: 'The stored file could not be read.' })));
    renderScreen(ID);
    expect(await screen.findByText('The import could not finish')).toBeTruthy();
    expect(screen.getByText(/The stored file could not be read\./)).toBeTruthy();
  });
});

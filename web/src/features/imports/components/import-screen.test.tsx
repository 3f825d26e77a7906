import type { CustomerImport } from '@receivables/contracts';
import { useRouter, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerImportSearchSchema } from '../../../lib/route-search';
import { stubApiCalls, type StubbedCall } from '../../../test/fetch-stub';
import { importRecord } from '../../../test/import-data';
import { renderWithApp } from '../../../test/render-with-app';

import { ImportScreen } from './import-screen';

const ID = '55555555-5555-4555-8555-555555555555';

function stubApi(answer: (call: StubbedCall) => Response | undefined) {
  return stubApiCalls(answer, (fetch) => vi.stubGlobal('fetch', vi.fn(fetch as typeof globalThis.fetch)));
}

/** The screen wired to the test router's URL, as the real route wires it. */
function Harness() {
  const { import_id: importId } = customerImportSearchSchema.parse(useSearch({ strict: false }));
  const router = useRouter();
  return <ImportScreen importId={importId} onImportChange={(id) => void router.navigate({ to: '/customers/import', search: { import_id: id } })} />;
}

function renderScreen(importId?: string) {
  return renderWithApp(<Harness />, {
    path: '/customers/import',
    initialUrl: importId ? `/customers/import?import_id=${importId}` : undefined,
  });
}

const noImports = (call: StubbedCall) => (call.url.startsWith('/api/imports/?limit') ? Response.json({ rows: [], total: 0 }) : undefined);

const chooseFile = (file: File) => fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImportScreen: upload', () => {
  it('posts the chosen file as text/csv and moves on to the mapping', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.url.startsWith('/api/imports/?filename=')) return Response.json(importRecord(), { status: 201 });
      return noImports(call);
    });
    const { router } = renderScreen();
    expect(await screen.findByText(/No imports yet/)).toBeTruthy();
    expect(screen.getByText(/Xero, QuickBooks and Stripe/)).toBeTruthy();

    const file = new File(['Customer,Invoice\nAcme,INV-1\n'], 'invoices.csv', { type: 'text/csv' });
    chooseFile(file);

    expect(await screen.findByRole('heading', { name: 'Match your columns' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ import_id: ID });
    const upload = calls.find((c) => c.method === 'POST')!;
    expect(upload.url).toBe('/api/imports/?filename=invoices.csv');
    expect(upload.headers['content-type']).toBe('text/csv');
    expect(upload.body).toBe(file);
  });

  it('refuses a file that is not a CSV before uploading it', async () => {
    const calls = stubApi(noImports);
    renderScreen();
    await screen.findByText(/No imports yet/);
    chooseFile(new File(['x'], 'invoices.xlsx'));
    expect(screen.getByRole('alert').textContent).toMatch(/“invoices.xlsx” is not a CSV file/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says why the server could not read the file', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? Response.json(
          { error: { code: 'DOMAIN_RULE', message: 'Unreadable file', details: [{ field: 'file', reason: 'has no header row' }] } },
          { status: 422 },
        )
        : noImports(call),
    );
    renderScreen();
    await screen.findByText(/No imports yet/);
    chooseFile(new File(['\n'], 'empty.csv'));
    expect(await screen.findByText('The file has no header row.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose CSV file' }).hasAttribute('disabled')).toBe(false);
  });

  it('lists recent imports, each opening its import', async () => {
    stubApi((call) =>
      call.url.startsWith('/api/imports/?limit')
        ? Response.json({ rows: [importRecord({ status: 'completed', total_rows: 1200, processed_rows: 1200, rejected_rows: 3 })], total: 1 })
        : undefined,
    );
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
  const checked = (call: StubbedCall) => (call.url === `/api/imports/${ID}/check` ? Response.json({ rows_to_import: 1, rows_refused: 1 }) : undefined);
  const uploaded = (call: StubbedCall) => (call.url === `/api/imports/${ID}/` ? Response.json(importRecord()) : checked(call));

  it('prefills the suggested columns and previews rows as the import will read them', async () => {
    stubApi(uploaded);
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

  it('blocks the start while a required field is not mapped, and says why', async () => {
    stubApi(uploaded);
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
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.url === `/api/imports/${ID}/start`) {
        return Response.json(importRecord({ status: 'queued', total_rows: 100_000 }), { status: 202 });
      }
      if (call.url === `/api/imports/${ID}/`) {
        polls += 1;
        return Response.json(
          polls === 1 ? importRecord() : importRecord({ status: 'running', total_rows: 100_000, processed_rows: 12_345, invoices_created: 12_000 }),
        );
      }
      return checked(call);
    });
    renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 row' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    const start = calls.find((c) => c.url.endsWith('/start'))!;
    expect(start.body).toEqual({
      mapping: { customer_name: 0, currency: 5, invoice_number: 1, due_date: 2, amount_total: 3, amount_remaining: 4 },
      default_currency: 'GBP',
      date_order: 'dmy',
    });
    expect(start.headers['idempotency-key']).toBeTruthy();

    // The page polls every second while the import runs.
    expect(await screen.findByText('12,345 of 100,000 rows', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('12');
    expect(screen.getByText('12,000')).toBeTruthy();
  });

  it('moves on to the progress when the import had already been started elsewhere', async () => {
    let polls = 0;
    stubApi((call) => {
      if (call.url.endsWith('/start')) {
        return Response.json(
          { error: { code: 'CONFLICT', message: 'This import has already been started (it is running)', details: [{ field: 'id', reason: 'the import is not waiting to be started' }] } },
          { status: 409 },
        );
      }
      if (call.url === `/api/imports/${ID}/`) {
        polls += 1;
        return Response.json(polls === 1 ? importRecord() : importRecord({ status: 'running', total_rows: 10, processed_rows: 5 }));
      }
      return checked(call);
    });
    renderScreen(ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    expect((await screen.findByRole('progressbar', { name: 'Import progress' })).getAttribute('aria-valuenow')).toBe('50');
  });

  it('shows what the server refused about the mapping', async () => {
    stubApi((call) =>
      call.url.endsWith('/start')
        ? Response.json(
          { error: { code: 'VALIDATION_FAILED', message: 'Invalid mapping', details: [{ field: 'default_currency', reason: 'must be a three-letter ISO 4217 code such as GBP' }] } },
          { status: 400 },
        )
        : uploaded(call),
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
    const calls = stubApi((call) => {
      if (call.url === `/api/imports/${ID}/`) return Response.json(completed({ customers_created: 12, invoices_created: 118, rejected_rows: 2 }));
      if (call.url.startsWith(`/api/imports/${ID}/rejected/`)) {
        return Response.json({
          rows: [
            { row: 7, reason: 'Due date: “31/13/2026” is not a date (read day first)', cells: ['Acme', 'INV-7', '31/13/2026', '10.00'] },
            { row: 19, reason: 'Invoice total: “-5.00” is negative: credit notes are not imported', cells: ['Acme', 'CN-1', '01/01/2026', '-5.00'] },
          ],
          total: 2,
        });
      }
      return undefined;
    });
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
    expect(calls.find((c) => c.url.includes('/rejected/'))?.url).toBe(`/api/imports/${ID}/rejected/?limit=25&offset=0`);
    expect(screen.getByRole('button', { name: 'Download rejected rows' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View customers' }).getAttribute('href')).toBe('/customers/');
  });

  it('says plainly when a re-import changed nothing, and offers another file', async () => {
    stubApi((call) => (call.url === `/api/imports/${ID}/` ? Response.json(completed({ invoices_unchanged: 120 })) : noImports(call)));
    const { router } = renderScreen(ID);
    expect(await screen.findByText('Nothing changed: every invoice was already up to date')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Rejected rows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('button', { name: 'Choose CSV file' })).toBeTruthy();
  });

  it('explains a failed import', async () => {
    stubApi((call) =>
      call.url === `/api/imports/${ID}/` ? Response.json(importRecord({ status: 'failed', error: 'The stored file could not be read.' })) : undefined,
    );
    renderScreen(ID);
    expect(await screen.findByText('The import could not finish')).toBeTruthy();
    expect(screen.getByText(/The stored file could not be read\./)).toBeTruthy();
  });
});

import { type CustomerImport, type ImportCheck, type ImportListResponse } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { FIXTURES, readFixture, suggestedStart, uploaded } from './import-helpers';
import { useIntegrationEnv } from './integration-env';
import { expectError, recordingJobQueue, withOrg } from './support';

const jobs = recordingJobQueue();
const env = useIntegrationEnv({}, jobs);

async function newOrganisation() {
  const user = await env.signUp();
  const { api } = user;
  const upload = (body: string | Uint8Array) => uploaded(api, body);
  const storedRows = async (importId: string) => {
    const result = await withOrg(env.db.db, user.orgId, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::integer as n from customer_import_row where import_id = ${importId}`),
    );
    return result.rows[0]?.n ?? 0;
  };
  return { user, api, upload, storedRows };
}

describe('DELETE /api/imports/{id}/ (discard an unstarted import)', () => {
  it('removes an upload that was never started, with its stored rows', async () => {
    const org = await newOrganisation();
    const created = await org.upload(readFixture(FIXTURES.xero));
    expect(await org.storedRows(created.id)).toBe(53);

    const res = await org.api('DELETE', `/api/imports/${created.id}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(res.body).toBeNull();
    expectError(await org.api('GET', `/api/imports/${created.id}/`), 404, 'NOT_FOUND');
    expect((await org.api<ImportListResponse>('GET', '/api/imports/')).body.total).toBe(0);
    expect(await org.storedRows(created.id)).toBe(0);
    // Gone: a second discard finds nothing.
    expectError(await org.api('DELETE', `/api/imports/${created.id}`), 404, 'NOT_FOUND');
  });

  it('is not found for another organisation’s import, which stays as it was', async () => {
    const owner = await newOrganisation();
    const other = await newOrganisation();
    const created = await owner.upload(readFixture(FIXTURES.stripe));
    expectError(await other.api('DELETE', `/api/imports/${created.id}/`), 404, 'NOT_FOUND');
    expect((await owner.api<CustomerImport>('GET', `/api/imports/${created.id}/`)).body.status).toBe('uploaded');
    expect(await owner.storedRows(created.id)).toBe(created.total_rows);
  });

  it('refuses a started import with 409 and keeps it', async () => {
    const org = await newOrganisation();
    const created = await org.upload(readFixture(FIXTURES.quickbooks));
    const started = await org.api<CustomerImport>('POST', `/api/imports/${created.id}/start`, suggestedStart(created));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expectError(await org.api('DELETE', `/api/imports/${created.id}/`), 409, 'CONFLICT', 'id');
    expect((await org.api<CustomerImport>('GET', `/api/imports/${created.id}/`)).body.status).toBe('queued');
  });

  it('refuses a malformed id with 400', async () => {
    const org = await newOrganisation();
    expectError(await org.api('DELETE', '/api/imports/not-a-uuid/'), 400, 'VALIDATION_FAILED', 'id');
  });
});

describe('POST /api/imports/{id}/check (rows a mapping would import)', () => {
  const header = '*ContactName,EmailAddress,*InvoiceNumber,*InvoiceDate,*DueDate,Total,AmountPaid,AmountDue,Currency,Status';
  const file = [
    header,
    'Good Co,ap@good.example,INV-1,01/07/2026,31/07/2026,100.00,0.00,100.00,GBP,AUTHORISED',
    'Good Co,ap@good.example,INV-2,01/07/2026,31/13/2026,100.00,0.00,100.00,GBP,AUTHORISED',
    'Good Co,ap@good.example,,01/07/2026,31/07/2026,10.00,0.00,10.00,GBP,AUTHORISED',
    'Other Co,,INV-1,01/07/2026,31/07/2026,20.00,0.00,20.00,GBP,AUTHORISED',
    'Other Co,,INV-5,01/07/2026,31/07/2026,"1,000.00",0.00,"1,000.00",GBP,AUTHORISED,extra',
    'Other Co,,INV-6,01/07/2026,31/07/2026,30.00,0.00,30.00,GBP,AUTHORISED',
  ].join('\r\n');

  it('counts every row as the import reads it: bad values, repeats and extra cells are refused', async () => {
    const org = await newOrganisation();
    const created = await org.upload(file);
    const res = await org.api<ImportCheck>('POST', `/api/imports/${created.id}/check`, suggestedStart(created));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ rows_to_import: 2, rows_refused: 4 });

    // Month-first dates make 31/07 unreadable too: the count follows the options.
    const monthFirst = await org.api<ImportCheck>('POST', `/api/imports/${created.id}/check`, { ...suggestedStart(created), date_order: 'mdy' });
    expect(monthFirst.body).toEqual({ rows_to_import: 0, rows_refused: 6 });
    // Nothing was started or changed.
    expect((await org.api<CustomerImport>('GET', `/api/imports/${created.id}/`)).body.status).toBe('uploaded');
  });

  it('agrees with what the import then does', async () => {
    const org = await newOrganisation();
    const created = await org.upload(readFixture(FIXTURES.xero));
    const res = await org.api<ImportCheck>('POST', `/api/imports/${created.id}/check`, suggestedStart(created));
    expect(res.body).toEqual({ rows_to_import: 53, rows_refused: 0 });
  });

  it('refuses a column past the file’s last, and another organisation’s import', async () => {
    const org = await newOrganisation();
    const other = await newOrganisation();
    const created = await org.upload(file);
    const start = suggestedStart(created);
    expectError(await org.api('POST', `/api/imports/${created.id}/check`, { ...start, mapping: { ...start.mapping, status: 40 } }), 400, 'VALIDATION_FAILED', 'mapping.status');
    expectError(await other.api('POST', `/api/imports/${created.id}/check`, start), 404, 'NOT_FOUND');
  });
});

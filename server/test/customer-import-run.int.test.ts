import { type CustomerImport, type ErrorBody, type RejectedRowListResponse, rejectedRowListResponseSchema } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { customerImport } from '../src/db/schema';
import { runCustomerImport } from '../src/modules/imports/run-customer-import';

import { FIXTURES, importThroughHandler, openAmounts, readFixture, updatedAts, uploaded, xeroAmountsDue } from './import-helpers';
import { useIntegrationEnv } from './integration-env';
import { insertContact, insertCustomer, insertInvoice, recordingJobQueue, withOrg } from './support';

const jobs = recordingJobQueue();
// Every test signs up its own organisation, from one address: more than the sign-up limiter allows.
const env = useIntegrationEnv({}, jobs);

/** A new organisation with its own API client, importing files through the real job handler. */
async function newOrganisation() {
  const user = await env.signUp();
  const { api } = user;
  const run = (body: string | Uint8Array, start?: Parameters<typeof importThroughHandler>[0]['start']): Promise<CustomerImport> =>
    importThroughHandler({ orgId: user.orgId, api, db: env.db.db, jobs, body, start });
  const count = async (table: 'customer' | 'invoice' | 'contact') => {
    const result = await withOrg(env.db.db, user.orgId, (tx) => tx.execute<{ n: number }>(sql`select count(*)::integer as n from ${sql.identifier(table)}`));
    return result.rows[0]?.n ?? 0;
  };
  return { user, api, run, count };
}

const fixtures = Object.entries(FIXTURES);
const XERO_HEADER = '*ContactName,EmailAddress,*InvoiceNumber,*InvoiceDate,*DueDate,Total,AmountPaid,AmountDue,Currency,Status';

describe('importing the sample exports', () => {
  it.each(fixtures)('%s alone: 20 customers owing what the Xero file says', async (_name, path) => {
    const org = await newOrganisation();
    const result = await org.run(readFixture(path));
    expect(result).toMatchObject({ status: 'completed', rejected_rows: 0, customers_created: 20, invoices_updated: 0, invoices_unchanged: 0, error: null });
    expect(result.started_at).not.toBeNull();
    expect(result.finished_at).not.toBeNull();
    expect(result.processed_rows).toBe(result.total_rows);
    expect(result.invoices_created).toBe(result.total_rows);
    const expected = xeroAmountsDue();
    expect(Object.values(expected).reduce((a, b) => a + b, 0)).toBe(19_755_137);
    expect(await openAmounts(env.db.db, org.user.orgId)).toEqual(expected);
  });

  it.each([FIXTURES.xero, FIXTURES.stripe])('keeps Blue Door Café’s contact email with its accented domain (%s)', async (path) => {
    const org = await newOrganisation();
    await org.run(readFixture(path));
    const result = await withOrg(env.db.db, org.user.orgId, (tx) =>
      tx.execute<{ email: string; role: string }>(sql`select ct.email, ct.role from contact ct join customer c on c.id = ct.customer_id where c.name = 'Blue Door Café'`),
    );
    expect(result.rows).toEqual([{ email: 'accounts@bluedoorcafé.co.uk', role: 'primary' }]);
  });

  it('keeps the Stripe customer ids as external refs and the payment links', async () => {
    const org = await newOrganisation();
    await org.run(readFixture(FIXTURES.stripe));
    const result = await withOrg(env.db.db, org.user.orgId, (tx) =>
      tx.execute(sql`select c.external_ref, i.external_id, i.payment_url, i.source from invoice i join customer c on c.id = i.customer_id where i.number = 'INV-1029'`),
    );
    expect(result.rows).toEqual([{ external_ref: 'csv:cus_R0010Ab', external_id: 'in_1Q000029Xy', payment_url: 'https://invoice.example/i/29', source: 'csv' }]);
  });

  const pairs = fixtures.flatMap(([a, pathA]) => fixtures.filter(([b]) => b !== a).map(([b, pathB]) => [a, b, pathA, pathB] as const));
  it.each(pairs)('%s then %s: the same 20 customers owing the same amounts', async (_a, _b, pathA, pathB) => {
    const org = await newOrganisation();
    await org.run(readFixture(pathA));
    const second = await org.run(readFixture(pathB));
    expect(second).toMatchObject({ status: 'completed', rejected_rows: 0, customers_created: 0 });
    expect(await org.count('customer')).toBe(20);
    expect(await openAmounts(env.db.db, org.user.orgId)).toEqual(xeroAmountsDue());
  });

  it.each(fixtures)('importing %s again changes nothing at all', async (_name, path) => {
    const org = await newOrganisation();
    const first = await org.run(readFixture(path));
    const before = await updatedAts(env.db.db, org.user.orgId);
    const again = await org.run(readFixture(path));
    expect(again).toMatchObject({
      status: 'completed',
      customers_created: 0,
      invoices_created: 0,
      invoices_updated: 0,
      invoices_unchanged: first.total_rows,
      rejected_rows: 0,
    });
    expect(await updatedAts(env.db.db, org.user.orgId)).toEqual(before);
  });
});

describe('rows the import refuses', () => {
  const file = [
    XERO_HEADER,
    'Good Co,ap@good.example,INV-1,01/07/2026,31/07/2026,100.00,0.00,100.00,GBP,AUTHORISED',
    'Good Co,ap@good.example,INV-2,01/07/2026,31/13/2026,100.00,0.00,100.00,GBP,AUTHORISED',
    'Good Co,ap@good.example,INV-3,01/07/2026,31/07/2026,-50.00,0.00,-50.00,GBP,AUTHORISED',
    'Good Co,ap@good.example,,01/07/2026,31/07/2026,10.00,0.00,10.00,GBP,AUTHORISED',
    'Other Co,,INV-1,01/07/2026,31/07/2026,20.00,0.00,20.00,GBP,AUTHORISED',
    '',
    'Other Co,,INV-5,01/07/2026,31/07/2026,"1,000.00",0.00,"1,000.00",GBP,AUTHORISED,extra',
    'Other Co,,INV-6,01/07/2026,31/07/2026,30.00,0.00,30.00,GBP,AUTHORISED',
  ].join('\r\n');
  const reasons: [number, string][] = [
    [3, 'Due date: “31/13/2026” is not a date (read day first)'],
    [4, 'Invoice total: “-50.00” is negative: credit notes are not imported; Amount outstanding: “-50.00” is negative: credit notes are not imported'],
    [5, 'Invoice number: is empty'],
    [6, 'INV-1 is also on row 2'],
    [8, 'The row has 11 cells but the header has 10'],
  ];

  it('imports the good rows and lists the others with their reasons, in file order', async () => {
    const org = await newOrganisation();
    const result = await org.run(file);
    expect(result).toMatchObject({ status: 'completed', total_rows: 7, processed_rows: 7, rejected_rows: 5, customers_created: 2, invoices_created: 2 });
    expect(await openAmounts(env.db.db, org.user.orgId)).toEqual({ 'Good Co': 10_000, 'Other Co': 3_000 });

    const page = await org.api<RejectedRowListResponse>('GET', `/api/imports/${result.id}/rejected/`);
    const list = rejectedRowListResponseSchema.parse(page.body);
    expect(list.total).toBe(5);
    expect(list.rows.map((r) => [r.row, r.reason])).toEqual(reasons);
    expect(list.rows[4]?.cells).toEqual(['Other Co', '', 'INV-5', '01/07/2026', '31/07/2026', '1,000.00', '0.00', '1,000.00', 'GBP', 'AUTHORISED', 'extra']);
    const second = await org.api<RejectedRowListResponse>('GET', `/api/imports/${result.id}/rejected/?limit=2&offset=2`);
    expect(second.body.rows.map((r) => r.row)).toEqual([5, 6]);
  });

  it('gives them back as a CSV of the file’s columns plus Row and Reason', async () => {
    const org = await newOrganisation();
    const result = await org.run(file);
    const res = await org.api('GET', `/api/imports/${result.id}/rejected.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="invoices - rejected rows.csv"; filename*=UTF-8\'\'invoices%20-%20rejected%20rows.csv');
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.slice(1)).toBe(
      [
        `${XERO_HEADER},Row,Reason`,
        'Good Co,ap@good.example,INV-2,01/07/2026,31/13/2026,100.00,0.00,100.00,GBP,AUTHORISED,3,Due date: “31/13/2026” is not a date (read day first)',
        `Good Co,ap@good.example,INV-3,01/07/2026,31/07/2026,'-50.00,0.00,'-50.00,GBP,AUTHORISED,4,${reasons[1]?.[1] ?? ''}`,
        'Good Co,ap@good.example,,01/07/2026,31/07/2026,10.00,0.00,10.00,GBP,AUTHORISED,5,Invoice number: is empty',
        'Other Co,,INV-1,01/07/2026,31/07/2026,20.00,0.00,20.00,GBP,AUTHORISED,6,INV-1 is also on row 2',
        'Other Co,,INV-5,01/07/2026,31/07/2026,"1,000.00",0.00,"1,000.00",GBP,AUTHORISED,8,The row has 11 cells but the header has 10,extra',
        '',
      ].join('\r\n'),
    );
  });

  it('refuses an invoice of another customer, a customer in another currency and a name two customers share', async () => {
    const org = await newOrganisation();
    const owner = await insertCustomer(env.db.db, org.user.orgId, { name: 'Owner Ltd' });
    await insertInvoice(env.db.db, org.user.orgId, owner.id, { number: 'INV-TAKEN', amountDue: 500, dueDate: '2026-07-31' });
    await insertCustomer(env.db.db, org.user.orgId, { name: 'Euro GmbH', currency: 'EUR' });
    await insertCustomer(env.db.db, org.user.orgId, { name: 'Twin Ltd' });
    await insertCustomer(env.db.db, org.user.orgId, { name: 'TWIN LTD' });
    const result = await org.run(
      [
        XERO_HEADER,
        'Someone Else,,INV-TAKEN,01/07/2026,31/07/2026,5.00,0.00,5.00,GBP,AUTHORISED',
        'Euro GmbH,,INV-E1,01/07/2026,31/07/2026,5.00,0.00,5.00,GBP,AUTHORISED',
        'twin ltd,,INV-T1,01/07/2026,31/07/2026,5.00,0.00,5.00,GBP,AUTHORISED',
      ].join('\r\n'),
    );
    expect(result).toMatchObject({ rejected_rows: 3, customers_created: 0, invoices_created: 0 });
    const list = await org.api<RejectedRowListResponse>('GET', `/api/imports/${result.id}/rejected/`);
    expect(list.body.rows.map((r) => r.reason)).toEqual([
      'INV-TAKEN belongs to Owner Ltd',
      "The customer's invoices are in EUR",
      '2 customers are called twin ltd: add a Customer ID column',
    ]);
  });
});

describe('what an import writes', () => {
  it('updates only what changed, audits the import once with its counts as the person who started it, and never replaces a contact', async () => {
    const org = await newOrganisation();
    const customer = await insertCustomer(env.db.db, org.user.orgId, { name: 'Harbour Lane Bakery' });
    await insertContact(env.db.db, org.user.orgId, customer.id, { email: 'kept@harbour.example', role: 'primary' });
    await org.run(readFixture(FIXTURES.xero));
    const changed = readFixture(FIXTURES.xero).toString('utf8').replace('INV-1001,,01/07/2026,31/07/2026,966.70,0.00,966.70', 'INV-1001,,01/07/2026,31/07/2026,966.70,466.70,500.00');
    const result = await org.run(changed);
    expect(result).toMatchObject({ invoices_created: 0, invoices_updated: 1, invoices_unchanged: 52, customers_created: 0 });
    // One entry per import, none per invoice it wrote (decision 0041).
    const audit = await withOrg(env.db.db, org.user.orgId, (tx) =>
      tx.execute(sql`select actor_id, action, entity, entity_id, before, after from audit_log where entity <> 'customer' order by at`),
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[1]).toMatchObject({
      actor_id: org.user.userId,
      action: 'import.finish',
      entity: 'customer_import',
      entity_id: result.id,
      before: null,
      after: { status: 'completed', invoices_created: 0, invoices_updated: 1, invoices_unchanged: 52, customers_created: 0, rows_refused: 0 },
    });
    const contacts = await withOrg(env.db.db, org.user.orgId, (tx) =>
      tx.execute(sql`select email from contact where customer_id = ${customer.id}`),
    );
    expect(contacts.rows).toEqual([{ email: 'kept@harbour.example' }]);
    expect((await openAmounts(env.db.db, org.user.orgId))['Harbour Lane Bakery']).toBe(50_000 + 88_962);
  });

  it('reads £ amounts from a Windows-1252 file and a semicolon-separated file', async () => {
    const org = await newOrganisation();
    const latin = await org.run(Buffer.from('Name,Num,Due date,Open balance\r\nCafé Crème,INV-W1,31/12/2026,"£1,234.56"\r\n', 'latin1'));
    expect(latin).toMatchObject({ status: 'completed', invoices_created: 1, rejected_rows: 0 });
    const semicolon = await org.run('Customer name;Invoice number;Due date;Total\r\n"Smith; Jones";INV-S1;2026-12-31;12.50\r\n');
    expect(semicolon).toMatchObject({ status: 'completed', invoices_created: 1, rejected_rows: 0 });
    expect(await openAmounts(env.db.db, org.user.orgId)).toEqual({ 'Café Crème': 123_456, 'Smith; Jones': 1_250 });
  });

  it('imports a few thousand rows in several batches with the right counts, and catches a number repeated across batches', async () => {
    const org = await newOrganisation();
    const lines = [XERO_HEADER];
    for (let i = 0; i < 6000; i++) {
      const pounds = 10 + (i % 90);
      lines.push(`Gen ${i % 250} Ltd,ap${i % 250}@gen.example,GEN-${i},01/07/2026,31/07/2026,${pounds}.00,0.00,${pounds}.00,GBP,AUTHORISED`);
    }
    lines.push('Gen 1 Ltd,,GEN-7,01/07/2026,31/07/2026,1.00,0.00,1.00,GBP,AUTHORISED');
    const result = await org.run(lines.join('\r\n'));
    expect(result).toMatchObject({ status: 'completed', total_rows: 6001, processed_rows: 6001, rejected_rows: 1, customers_created: 250, invoices_created: 6000 });
    expect(await org.count('customer')).toBe(250);
    expect(await org.count('contact')).toBe(250);
    const list = await org.api<RejectedRowListResponse>('GET', `/api/imports/${result.id}/rejected/`);
    expect(list.body.rows).toMatchObject([{ row: 6002, reason: 'GEN-7 is also on row 9' }]);
  });
});

describe('a job that stops', () => {
  it('marks the import failed with a short message on an unexpected error, and a restarted job finishes it without doubling anything', async () => {
    const org = await newOrganisation();
    const lines = [XERO_HEADER];
    for (let i = 0; i < 40; i++) lines.push(`Stop ${i % 4} Ltd,,STOP-${i},01/07/2026,31/07/2026,1.00,0.00,1.00,GBP,AUTHORISED`);
    const upload = await uploaded(org.api, lines.join('\r\n'));
    expect((await org.api('POST', `/api/imports/${upload.id}/start`, { mapping: upload.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' })).status).toBe(202);

    // The database fails from the fourth transaction on: start, two batches, then the failure.
    let transactions = 0;
    const flaky = new Proxy(env.db.db, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return (...args: Parameters<typeof target.transaction>) => {
            transactions += 1;
            if (transactions === 4) return Promise.reject(new Error('connection reset by peer (simulated)'));
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const logged: string[] = [];
    const job = { orgId: org.user.orgId, importId: upload.id };
    await runCustomerImport({ db: flaky, log: { error: (message) => logged.push(message) }, batchSize: 10 }, job);
    const failed = (await org.api<CustomerImport>('GET', `/api/imports/${upload.id}`)).body;
    expect(failed).toMatchObject({ status: 'failed', processed_rows: 20, invoices_created: 20 });
    expect(failed.error).toBe('The import stopped on an unexpected error. Rows up to row 21 were processed; importing the same file again finishes the rest.');
    expect(logged).toEqual([`import ${upload.id} failed`]);

    // A worker that died instead would have left it running: the job resumes after the last batch.
    await withOrg(env.db.db, org.user.orgId, (tx) => tx.update(customerImport).set({ status: 'running' }).where(sql`id = ${upload.id}`));
    await runCustomerImport({ db: env.db.db, log: { error: () => undefined }, batchSize: 10 }, job);
    const done = (await org.api<CustomerImport>('GET', `/api/imports/${upload.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', processed_rows: 40, rejected_rows: 0, invoices_created: 40, customers_created: 4 });
    expect(await org.count('invoice')).toBe(40);
  });

  it('does nothing for an import that is not started or already finished', async () => {
    const org = await newOrganisation();
    const waiting = await uploaded(org.api, readFixture(FIXTURES.quickbooks));
    await runCustomerImport({ db: env.db.db, log: { error: () => undefined } }, { orgId: org.user.orgId, importId: waiting.id });
    expect((await org.api<CustomerImport>('GET', `/api/imports/${waiting.id}`)).body.status).toBe('uploaded');
    expect(await org.count('invoice')).toBe(0);
    const error = await org.api<ErrorBody>('GET', `/api/imports/${crypto.randomUUID()}`);
    expect(error.status).toBe(404);
  });
});

describe('the Workflow column', () => {
  it('assigns the named workflow, ignoring case, and refuses a row naming one that does not exist', async () => {
    const org = await newOrganisation();
    const file = [
      'Customer,Email,Invoice number,Due date,Total,Workflow',
      'Chased Co,ap@chased.example,W-1,31/07/2026,100.00,standard CHASING',
      'Chased Co,ap@chased.example,W-2,31/08/2026,50.00,',
      'Plain Co,ap@plain.example,W-3,31/07/2026,20.00,',
      'Typo Co,ap@typo.example,W-4,31/07/2026,30.00,Standrad chasing',
    ].join('\r\n');
    const result = await org.run(file);
    expect(result).toMatchObject({ status: 'completed', rejected_rows: 1, customers_created: 2, invoices_created: 3 });
    const rejected = await org.api<RejectedRowListResponse>('GET', `/api/imports/${result.id}/rejected/`);
    expect(rejected.body.rows.map((r) => [r.row, r.reason])).toEqual([[5, 'Workflow: there is no workflow named “Standrad chasing”']]);
    const workflows = await withOrg(env.db.db, org.user.orgId, (tx) =>
      tx.execute<{ name: string; workflow: string | null }>(sql`select c.name, w.name as workflow from customer c left join workflow w on w.id = c.workflow_id order by c.name`),
    );
    expect(workflows.rows).toEqual([
      { name: 'Chased Co', workflow: 'Standard chasing' },
      { name: 'Plain Co', workflow: null },
    ]);
  });
});

// The audit log and the customer timeline read in words (decision 0041): names, not ids, read when
// the log is read (so a thing deleted since says so); days, money and statuses as the screens
// write them; no line for a field that did not change; an import as one entry with its counts.
import {
  type AuditEntry,
  auditFieldChanges,
  type AuditListResponse,
  auditListResponseSchema,
  type Invoice,
  type TimelineResponse,
  timelineResponseSchema,
  type Workflow,
} from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { importThroughHandler } from './import-helpers';
import { useIntegrationEnv } from './integration-env';
import { insertCustomer, insertInvoice, isoDay, okBody, recordingJobQueue, type SignedUpUser } from './support';

const jobs = recordingJobQueue();
const env = useIntegrationEnv({}, jobs);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const list = async (user: SignedUpUser, query = ''): Promise<AuditEntry[]> => {
  const res = await user.api<AuditListResponse>('GET', `/api/audit/${query}`);
  expect(res.status, res.text).toBe(200);
  return auditListResponseSchema.parse(res.body).rows;
};
/** An entry's changed fields as the screen lists them: "Label: before → after". */
const shown = (e: AuditEntry): string[] => auditFieldChanges(e).map((c) => `${c.label}: ${c.before} → ${c.after}`);

describe('an import in the audit log', () => {
  it('is one entry, as the person who started it, saying what the file did; its invoices say on the timeline that they were imported', async () => {
    const user = await env.signUp();
    const existing = await insertCustomer(env.db.db, user.orgId, { name: 'Harbour Lane Bakery' });
    await insertInvoice(env.db.db, user.orgId, existing.id, { number: 'INV-1', amountDue: 10_000, dueDate: '2026-07-31' });
    const file = [
      'customer_name,invoice_number,amount,due_date',
      'Harbour Lane Bakery,INV-1,120.00,2026-07-31',
      'Harbour Lane Bakery,INV-2,80.00,2026-08-31',
      'New Cafe Ltd,INV-3,15.50,2026-08-31',
      'New Cafe Ltd,INV-4,not money,2026-08-31',
    ].join('\n');
    const done = await importThroughHandler({ orgId: user.orgId, api: user.api, db: env.db.db, jobs, body: file });
    expect(done).toMatchObject({ status: 'completed', invoices_created: 2, invoices_updated: 1, customers_created: 1, rejected_rows: 1 });

    const rows = await list(user);
    // No entry per invoice or customer the file wrote: the import alone.
    expect(rows.map((r) => r.action)).toEqual(['import.finish']);
    expect(rows[0]).toMatchObject({
      actor: { id: user.userId },
      entity: 'customer_import',
      entity_id: done.id,
      description: 'imported “invoices.csv”: 2 invoices added, 1 invoice updated, 1 customer added, 1 row refused',
    });

    const timeline = await user.api<TimelineResponse>('GET', `/api/customers/${existing.id}/timeline`);
    const items = timelineResponseSchema.parse(timeline.body).rows;
    expect(items.filter((i) => i.kind === 'invoice').map((i) => [i.number, i.source])).toEqual(
      expect.arrayContaining([['INV-2', 'csv'], ['INV-1', 'api']]),
    );
    expect(items.filter((i) => i.kind === 'edit')).toEqual([]);
  });
});

describe('values in words', () => {
  it('names workflows, templates and invoices rather than their ids, and says when one was deleted', async () => {
    const user = await env.signUp();
    const customer = await insertCustomer(env.db.db, user.orgId, { name: 'Acme Ltd', currency: 'EUR' });
    const invoice = await insertInvoice(env.db.db, user.orgId, customer.id, { number: 'INV-1042', amountDue: 120_000, currency: 'EUR', dueDate: isoDay(-5) });
    const gentle = okBody(await user.api<Workflow>('POST', '/api/workflows/', { name: 'Gentle chasing' }));
    const firm = okBody(await user.api<Workflow>('POST', '/api/workflows/', { name: 'Firm chasing' }));
    okBody(await user.api('PUT', `/api/customers/${customer.id}/`, { workflow_id: gentle.id }));
    okBody(await user.api('PUT', `/api/customers/${customer.id}/`, { workflow_id: firm.id }));
    okBody(await user.api<Invoice>('PUT', `/api/invoices/${invoice.id}/`, { amount_due: 95_050, payment_url: 'https://pay.example/1042' }));
    okBody(await user.api('POST', `/api/customers/${customer.id}/pause`, { until: '2099-12-15' }));
    okBody(await user.api('POST', `/api/customers/${customer.id}/pause`, { until: null }));
    okBody(await user.api('POST', `/api/customers/${customer.id}/resume`));

    const before = await list(user, `?customer_id=${customer.id}`);
    const moves = before.filter((r) => r.action === 'customer.update');
    expect(moves.map((r) => r.description)).toEqual(['moved Acme Ltd to the workflow “Firm chasing”', 'moved Acme Ltd to the workflow “Gentle chasing”']);
    expect(shown(moves[0]!)).toEqual(['Workflow: Gentle chasing → Firm chasing']);

    const changed = before.find((r) => r.action === 'invoice.update')!;
    expect(changed.description).toBe('changed invoice “INV-1042” of Acme Ltd');
    expect(shown(changed).sort()).toEqual(['Amount due: €1,200.00 → €950.50', 'Left to pay: €1,200.00 → €950.50', 'Payment link: none → https://pay.example/1042']);

    const [indefinitely, paused] = before.filter((r) => r.action === 'customer.pause');
    expect(paused?.description).toBe('paused chasing for Acme Ltd until 15 December 2099');
    expect(shown(paused!)).toEqual(['Standing: One missed invoice → Paused', 'Paused until: none → 15 December 2099']);
    expect(shown(indefinitely!)).toEqual(['Paused until: 15 December 2099 → none']);
    // Resuming an open-ended pause: its end is "none" on both sides, so no line says "none → none".
    const resumed = before.find((r) => r.action === 'customer.resume')!;
    expect(shown(resumed)).toEqual(['Standing: Paused → One missed invoice']);
    for (const r of before) expect(`${r.description} ${shown(r).join(' ')}`).not.toMatch(UUID);

    // Deleted since: the entry says what it was, not an id.
    expect((await user.api('DELETE', `/api/workflows/${gentle.id}/?reassign_to=${firm.id}`)).status).toBe(204);
    const after = (await list(user, `?customer_id=${customer.id}`)).filter((r) => r.action === 'customer.update');
    expect(after[1]?.description).toBe('moved Acme Ltd to a workflow since deleted');
    expect(shown(after[0]!)).toEqual(['Workflow: a deleted workflow → Firm chasing']);

    // The timeline's edit names the invoice it concerns, and carries the currency its amounts are in.
    const timeline = timelineResponseSchema.parse((await user.api<TimelineResponse>('GET', `/api/customers/${customer.id}/timeline`)).body).rows;
    const edit = timeline.find((i) => i.kind === 'edit' && i.action === 'invoice.update');
    expect(edit).toMatchObject({ names: { [invoice.id]: 'INV-1042' }, currency: 'EUR' });
  });
});

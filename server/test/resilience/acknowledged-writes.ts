import type pg from 'pg';

import type { Finding } from './answer-checks';
import type { RecordedCall } from './recording-client';

/**
 * Whether every write the load was told succeeded is still in the database after a crash: a
 * committed transaction must survive the postmaster's SIGKILL (decision 0033). Two kinds of write
 * can be checked from the outside. A created customer, invoice or payment must exist by the id its
 * 2xx gave. A rename or an escalation contact overwrites a value that other calls also write, so an
 * acknowledged one must have left either its value or the value of a call that may have committed
 * after it (one that settled after it was sent, answered or not). Pausing, resuming and tagging
 * are left out: toggles and sets that any order of racing calls explains.
 */

type Table = 'customer' | 'invoice' | 'payment';

interface CreatedRow {
  table: Table;
  id: string;
  call: RecordedCall;
}

export type Field = 'name' | 'escalation contact';

interface Overwrite {
  field: Field;
  customerId: string;
  value: string;
  call: RecordedCall;
}

const CREATES: Record<string, Table> = { '/api/customers/': 'customer', '/api/invoices/': 'invoice', '/api/payments/': 'payment' };
const RENAME = /^\/api\/customers\/([0-9a-f-]{36})\/$/;
const CONTACT = /^\/api\/customers\/([0-9a-f-]{36})\/contact$/;

export interface WriteCheck {
  /** What was checked, e.g. `412 customers created, 380 renames`. */
  checked: string;
  acknowledged: number;
  findings: Finding[];
}

/** What the database holds of what the load wrote: the created ids it has, and each overwritten field's value by `fieldKey`. */
export interface StoredWrites {
  ids: ReadonlySet<string>;
  values: ReadonlyMap<string, string>;
}

export async function checkAcknowledgedWrites(
  pool: pg.Pool,
  calls: readonly RecordedCall[],
  describe: (call: RecordedCall) => string,
): Promise<WriteCheck> {
  const acknowledgedOverwrites = calls.flatMap(overwriteOf).filter((o) => isAcknowledged(o.call));
  const stored = { ids: await existingIds(pool, calls.flatMap(createdRow)), values: await currentValues(pool, acknowledgedOverwrites) };
  return judgeWrites(calls, stored, describe);
}

/** Which acknowledged writes of `calls` are not in `stored`. */
export function judgeWrites(calls: readonly RecordedCall[], stored: StoredWrites, describe: (call: RecordedCall) => string): WriteCheck {
  const created = calls.flatMap(createdRow);
  const overwrites = calls.flatMap(overwriteOf);
  const acknowledgedOverwrites = overwrites.filter((o) => isAcknowledged(o.call));
  const findings: Finding[] = [];
  const lost = (call: RecordedCall, why: string) =>
    findings.push({ kind: 'lost', request: describe(call), status: call.answer?.status ?? 0, why });

  for (const row of created) if (!stored.ids.has(row.id)) lost(row.call, `acknowledged ${row.table} ${row.id} is not in the database after the restart`);
  for (const write of acknowledgedOverwrites) {
    const current = stored.values.get(key(write)) ?? null;
    if (current === null || !valuesAfter(write, overwrites).has(current)) {
      lost(write.call, `acknowledged ${write.field} "${write.value}" of customer ${write.customerId} was lost: it is ${current === null ? 'missing' : `"${current}"`}, which no later call wrote`);
    }
  }

  const tally = (label: string, n: number) => `${n} ${label}`;
  const checked = [
    tally('customers created', created.filter((r) => r.table === 'customer').length),
    tally('invoices created', created.filter((r) => r.table === 'invoice').length),
    tally('payments recorded', created.filter((r) => r.table === 'payment').length),
    tally('renames', acknowledgedOverwrites.filter((o) => o.field === 'name').length),
    tally('escalation contacts', acknowledgedOverwrites.filter((o) => o.field === 'escalation contact').length),
  ].join(', ');
  return { checked, acknowledged: created.length + acknowledgedOverwrites.length, findings };
}

function isAcknowledged(call: RecordedCall): boolean {
  return call.answer !== undefined && call.answer.status >= 200 && call.answer.status < 300;
}

function createdRow(call: RecordedCall): CreatedRow[] {
  const table = call.method === 'POST' ? CREATES[call.path] : undefined;
  if (!table || !isAcknowledged(call)) return [];
  if (!call.answer?.id) throw new Error(`${call.method} ${call.path} answered ${call.answer?.status ?? '?'} without an id to check`);
  return [{ table, id: call.answer.id, call }];
}

function overwriteOf(call: RecordedCall): Overwrite[] {
  const renamed = call.method === 'PUT' ? RENAME.exec(call.path)?.[1] : undefined;
  const name = stringField(call.body, 'name');
  if (renamed && name) return [{ field: 'name', customerId: renamed, value: name, call }];
  const contacted = call.method === 'POST' ? CONTACT.exec(call.path)?.[1] : undefined;
  const email = stringField(call.body, 'email');
  if (contacted && email && stringField(call.body, 'role') === 'escalation') {
    return [{ field: 'escalation contact', customerId: contacted, value: email, call }];
  }
  return [];
}

/** `write`'s value and those of the calls on the same field that may have committed after it did. */
function valuesAfter(write: Overwrite, overwrites: readonly Overwrite[]): Set<string> {
  // A call that committed after `write` did settled after `write` was sent: a commit comes before its answer.
  const settled = (other: Overwrite) => other.call.settledAt ?? Number.POSITIVE_INFINITY;
  const mayBeLater = (other: Overwrite) => key(other) === key(write) && settled(other) > write.call.sentAt;
  return new Set([write.value, ...overwrites.filter(mayBeLater).map((o) => o.value)]);
}

/** Where `StoredWrites.values` keeps a customer's field. */
export const fieldKey = (field: Field, customerId: string) => `${field} ${customerId}`;
const key = (write: Overwrite) => fieldKey(write.field, write.customerId);

async function existingIds(pool: pg.Pool, rows: readonly CreatedRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const table of ['customer', 'invoice', 'payment'] as const) {
    const ids = rows.filter((r) => r.table === table).map((r) => r.id);
    // The table names are the constants above, never input.
    const result = await pool.query<{ id: string }>(`select id::text as id from ${table} where id = any($1::uuid[])`, [ids]);
    for (const row of result.rows) found.add(row.id);
  }
  return found;
}

/** Each overwritten field's value now, by `key`. */
async function currentValues(pool: pg.Pool, writes: readonly Overwrite[]): Promise<Map<string, string>> {
  const ids = (field: Field) => [...new Set(writes.filter((w) => w.field === field).map((w) => w.customerId))];
  const names = await pool.query<{ id: string; value: string }>('select id::text as id, name as value from customer where id = any($1::uuid[])', [ids('name')]);
  const contacts = await pool.query<{ id: string; value: string }>(
    "select customer_id::text as id, email as value from contact where role = 'escalation' and customer_id = any($1::uuid[])",
    [ids('escalation contact')],
  );
  return new Map([
    ...names.rows.map((r) => [fieldKey('name', r.id), r.value] as const),
    ...contacts.rows.map((r) => [fieldKey('escalation contact', r.id), r.value] as const),
  ]);
}

function stringField(body: unknown, name: string): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

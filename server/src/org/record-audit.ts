import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

import type { OrgScope } from './org-scope';
import { redactSecrets } from './redact-secrets';

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string;
  /** The customer whose timeline shows the entry. */
  customerId: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
}

/** The row an entry is stored as: its before and after without secrets (decision 0027), whoever wrote it. */
function auditRow(deps: Pick<OrgScope, 'orgId' | 'actorId'>, entry: AuditEntry) {
  return { orgId: deps.orgId, actorId: deps.actorId, ...entry, before: redactSecrets(entry.before), after: redactSecrets(entry.after) };
}

/** Append one entry to the audit log, in the caller's transaction. */
export async function recordAudit(tx: Tx, deps: Pick<OrgScope, 'orgId' | 'actorId'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(deps, entry));
}

// About ten bound parameters a row: 5,000 rows stay well under PostgreSQL's 65,535 per statement.
const AUDIT_ROWS_PER_INSERT = 5000;

/** Append many entries, a few thousand a statement (bulk actions: one entry per affected customer). */
export async function recordAudits(tx: Tx, deps: Pick<OrgScope, 'orgId' | 'actorId'>, entries: AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_INSERT) {
    const chunk = entries.slice(start, start + AUDIT_ROWS_PER_INSERT);
    await tx.insert(auditLog).values(chunk.map((entry) => auditRow(deps, entry)));
  }
}

/**
 * The fields whose value differs between `before` and `after`, each side reduced to those
 * fields; null when nothing changed (so no entry is written for a no-op edit).
 */
export function changedFields(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } | null {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

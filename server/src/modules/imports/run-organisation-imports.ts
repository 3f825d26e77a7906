import { and, asc, eq, inArray } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerImport } from '../../db/schema';

import { type RunDeps, runCustomerImport } from './run-customer-import';

/**
 * Run every started import of one organisation, oldest first, until none is left. Imports of one
 * organisation run one after another (their rows may name the same customers); different
 * organisations' imports run side by side, so one tenant's 400,000-row file does not hold up
 * another's one-row file (decision 0009).
 */
export async function runOrganisationImports(deps: RunDeps, orgId: string): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const [next] = await withOrg(deps.db, orgId, (tx) =>
      tx
        .select({ id: customerImport.id })
        .from(customerImport)
        .where(and(eq(customerImport.orgId, orgId), inArray(customerImport.status, ['queued', 'running'])))
        .orderBy(asc(customerImport.createdAt), asc(customerImport.id))
        .limit(1),
    );
    // An import that is still unfinished after its run was stopped by someone else (another
    // worker holding it); leave it to that worker rather than spin on it.
    if (!next || done.has(next.id)) return done.size;
    done.add(next.id);
    await runCustomerImport(deps, { orgId, importId: next.id });
  }
}

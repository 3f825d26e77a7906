import { type CustomerImport, type ImportMapping, type ImportStart } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerImport } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { OrgScope } from '../../org/org-scope';

import { toCustomerImport } from './customer-import-record';
import { IMPORT_ROWS_TTL_DAYS } from './import-retention';
import { importAlreadyStarted, importRowsDeleted } from './imports.errors';
import { requireCustomerImport } from './require-customer-import';

/**
 * Record how to read an uploaded import and mark it queued. The caller sends the job once this
 * has committed (enqueueCustomerImport), so the job never finds the import still unstarted.
 */
export async function startCustomerImport(deps: OrgScope, id: string, input: ImportStart): Promise<CustomerImport> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireCustomerImport(tx, deps.orgId, id, { lock: true });
    if (current.status !== 'uploaded') throw importAlreadyStarted(current.status);
    if (current.rowsDeletedAt) throw importRowsDeleted(IMPORT_ROWS_TTL_DAYS);
    requireMappingInFile(current.headers, input.mapping);
    const [row] = await tx
      .update(customerImport)
      .set({ status: 'queued', mapping: input.mapping, defaultCurrency: input.default_currency, dateOrder: input.date_order })
      .where(eq(customerImport.id, id))
      .returning();
    if (!row) throw new Error('import update returned nothing');
    // Audited once, with its counts, when it ends (runCustomerImport's finish; decision 0041).
    return toCustomerImport(row);
  });
}

/** Every mapped column must exist in the file's header. */
export function requireMappingInFile(headers: string[], mapping: ImportMapping): void {
  const outOfRange = Object.entries(mapping).filter(([, column]) => column >= headers.length);
  if (outOfRange.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The mapping names a column the file does not have',
      outOfRange.map(([field, column]) => ({ field: `mapping.${field}`, reason: `column ${column} is past the file's last column (${headers.length - 1})` })),
    );
  }
}

import type { CustomerImport } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { importRecord } from '../../test/import-data';

import { describeImportOutcome } from './import-outcome';

const finished = (overrides: Partial<CustomerImport>) =>
  importRecord({ status: 'completed', total_rows: 120, processed_rows: 120, ...overrides });

describe('describeImportOutcome', () => {
  it('counts what a first import created', () => {
    expect(describeImportOutcome(finished({ customers_created: 12, invoices_created: 120 }))).toEqual({
      title: 'Imported 120 rows from invoices.csv',
      detail: '12 new customers, 120 new invoices.',
      severity: 'success',
    });
  });

  it('says plainly when a re-import changed nothing', () => {
    expect(describeImportOutcome(finished({ invoices_unchanged: 120 }))).toEqual({
      title: 'Nothing changed: every invoice was already up to date',
      detail: null,
      severity: 'info',
    });
  });

  it('mentions rejected rows, and warns when no row made it', () => {
    expect(describeImportOutcome(finished({ invoices_updated: 1, invoices_unchanged: 118, rejected_rows: 1 }))).toEqual({
      title: 'Imported 119 rows from invoices.csv',
      detail: '1 invoice updated, 118 invoices already up to date. 1 row was not imported: see why below.',
      severity: 'warning',
    });
    expect(describeImportOutcome(finished({ rejected_rows: 120 })).title).toBe('No rows were imported');
  });
});

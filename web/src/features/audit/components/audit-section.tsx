import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import { SectionCard } from '../../../components/section-card';
import { SubmitButton } from '../../../components/submit-button';
import { type AuditFilters, hasAuditFilters } from '../api/audit-keys';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditEntries } from '../api/get-audit-entries';
import { useAuditFacets } from '../api/get-audit-facets';

import { AuditEntryList } from './audit-entry-list';
import { AuditFilterBar } from './audit-filter-bar';

/**
 * Settings → Audit log (decision 0027): every change made in the organisation, newest first, as
 * sentences with what each field was before and after; filtered by person, kind and days, and
 * exported as CSV with the same filters. Any member may read it. The filters live in the section,
 * not the URL: Settings' search holds only the section, and other sections share it.
 */
export function AuditSection() {
  const [filters, setFilters] = useState<AuditFilters>({});
  // A range that ends before it starts is not asked for: "To" says why, and the list keeps its start.
  const rangeError = filters.from && filters.to && filters.to < filters.from ? 'Must not be before From' : null;
  const asked = rangeError ? { ...filters, to: undefined } : filters;
  const entries = useAuditEntries(asked);
  const facets = useAuditFacets();
  const exportLog = useExportAuditLog();
  const exportButton = (
    <SubmitButton type="button" size="medium" variant="outlined" startIcon={<DownloadRounded />} isPending={exportLog.isPending} onClick={() => exportLog.mutate(asked)}>
      Export CSV
    </SubmitButton>
  );
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <SectionCard
        title="Audit log"
        description="Every change made in this organisation: who made it, when, and what it was before and after. Passwords, keys and other secrets are never kept."
        actions={exportButton}
      >
        <AuditFilterBar value={filters} onChange={setFilters} facets={facets.data} rangeError={rangeError} />
        {exportLog.isError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {`The export failed: ${exportLog.error.message}`}
          </Alert>
        ) : null}
        <AuditEntryList query={entries} isFiltered={hasAuditFilters(filters)} onClearFilters={() => setFilters({})} />
      </SectionCard>
    </Stack>
  );
}

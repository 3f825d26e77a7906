import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Stack from '@mui/material/Stack';

import { usePermission } from '../../../app/use-permission';
import { PageHeader } from '../../../components/page-header';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { ButtonLink } from '../../../components/router-link';

import { ImportDetail } from './import-detail';
import { ImportSteps } from './import-steps';
import { ImportUploadCard } from './import-upload-card';
import { RecentImportsCard } from './recent-imports-card';

interface ImportScreenProps {
  /** The import in the URL; none shows the upload step. */
  importId: string | undefined;
  onImportChange: (importId: string | undefined) => void;
}

/** `/customers/import`: upload a CSV, match its columns, follow the import and review the result. */
export function ImportScreen({ importId, onImportChange }: ImportScreenProps) {
  // Reached by its URL, a role that may not import (decision 0024) reads past imports but is offered no upload.
  const importing = usePermission('imports');
  return (
    <>
      <ButtonLink to="/customers/" startIcon={<ArrowBackRounded />} size="small" sx={{ mb: 2 }}>
        Back to customers
      </ButtonLink>
      <PageHeader
        title="Import from CSV"
        description="Bring in your customers and their invoices from Xero, QuickBooks, Stripe or a spreadsheet."
      />
      {importId ? (
        <ImportDetail importId={importId} onReset={() => onImportChange(undefined)} />
      ) : (
        <>
          <ImportSteps active={0} />
          <Stack spacing={3}>
            {importing.reason ? <ReadOnlyNotice reason={importing.reason} /> : <ImportUploadCard onUploaded={onImportChange} />}
            <RecentImportsCard />
          </Stack>
        </>
      )}
    </>
  );
}

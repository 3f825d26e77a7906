import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMPORT_MAX_BYTES_DEFAULT } from '@receivables/contracts';
import { formatFileSize } from '@receivables/contracts';
import { useState } from 'react';

import { useUploadImport } from '../api/upload-import';
import { checkImportFile, describeUploadError } from '../import-file';

import { ImportCard } from './import-card';
import { ImportDropZone } from './import-drop-zone';

/** Step 1: pick or drop a CSV; it is checked here first, then uploaded and read by the server. */
export function ImportUploadCard({ onUploaded }: { onUploaded: (importId: string) => void }) {
  const upload = useUploadImport();
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = (file: File) => {
    const refused = checkImportFile(file);
    setProblem(refused);
    upload.reset();
    if (refused) return;
    upload.mutate(file, {
      onSuccess: (created) => onUploaded(created.id),
      onError: (error) => setProblem(describeUploadError(error)),
    });
  };

  return (
    <ImportCard title="Upload a CSV file" description="Nothing is imported until you have checked how the file will be read.">
      <Stack spacing={2}>
        <ImportDropZone onFile={onFile} uploading={upload.isPending ? upload.variables : null} />
        {problem ? (
          <Alert severity="error" variant="outlined" sx={{ borderRadius: 3, overflowWrap: 'anywhere' }}>
            {problem}
          </Alert>
        ) : null}
        <Typography component="ul" variant="body2" color="text.secondary" sx={{ m: 0, pl: 2.5, '& li + li': { mt: 0.5 } }}>
          <li>One row per invoice, with the customer’s name on each row, and a header row naming the columns.</li>
          <li>Works with invoice exports from Xero, QuickBooks and Stripe, or a spreadsheet saved as CSV.</li>
          <li>Each row needs a customer, an invoice number, a due date and an amount (total or outstanding).</li>
          <li>
            Up to {formatFileSize(IMPORT_MAX_BYTES_DEFAULT)}. Importing the same file again updates invoices rather than duplicating them.
          </li>
        </Typography>
      </Stack>
    </ImportCard>
  );
}

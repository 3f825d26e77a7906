import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EmailTemplatePreviewRequest } from '@receivables/contracts';
import { useId, useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';

import { useCustomers } from '../../../app/api/get-customers';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { isRequestError } from '../../../lib/request-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePreviewEmailTemplate } from '../api/preview-email-template';
import type { TemplateDraft } from '../template-form-values';

import { EmailPreviewView } from './email-preview-view';
import { PreviewCustomerPicker, previewCustomerParams, type PreviewCustomer } from './preview-customer-picker';

/** Edits settle this long before the preview is asked for again, so typing is not a request per key. */
export const PREVIEW_DEBOUNCE_MS = 400;

const FIELD_NAMES: Record<string, string> = { subject: 'Subject', body: 'Body' };

/**
 * The live preview beside the editor: the draft as it stands, rendered by the server for one
 * customer exactly as they would receive it. A template the server refuses shows why, in place of
 * the preview; the text being edited is never touched.
 */
export function TemplatePreviewPane({ control }: { control: Control<TemplateDraft> }) {
  const headingId = useId();
  const [tone, kind, variation, subject, body] = useWatch({ control, name: ['tone', 'kind', 'variation', 'subject', 'body'] });
  const [picked, setPicked] = useState<PreviewCustomer | null>(null);
  // Until someone is picked, the first of the customer list's default order (biggest debts first).
  const first = useCustomers(previewCustomerParams(''));
  const firstRow = first.data?.rows[0];
  const customer = picked ?? (firstRow ? { id: firstRow.id, name: firstRow.name } : null);

  const customerId = customer?.id;
  // Kept the same object while nothing changed, so the debounce below only restarts on a real edit.
  const request = useMemo<EmailTemplatePreviewRequest | null>(
    () => (customerId && subject.trim() && body.trim() ? { tone, kind, variation, subject, body, customer_id: customerId } : null),
    [customerId, tone, kind, variation, subject, body],
  );
  const settled = useDebouncedValue(request, PREVIEW_DEBOUNCE_MS);
  const preview = usePreviewEmailTemplate(settled);

  let content;
  if (first.isPending) content = <LoadingSkeleton lines={4} label="Loading customers" />;
  else if (first.isError) {
    content = <ErrorPanel title="Failed to load customers" message={first.error.message} onRetry={() => void first.refetch()} isRetrying={first.isFetching} />;
  } else if (!customer) content = <Note>Add a customer to see how this template reads for them.</Note>;
  else if (!request) content = <Note>Write a subject and a body to see the preview.</Note>;
  else if (preview.isError) content = <PreviewRefusal error={preview.error} onRetry={() => void preview.refetch()} />;
  else if (!preview.data) content = <LoadingSkeleton lines={6} label="Rendering the preview" />;
  else content = <EmailPreviewView preview={preview.data} customerName={customer.name} />;

  const isUpdating = preview.isFetching || request !== settled;
  return (
    <Box component="section" aria-labelledby={headingId} aria-busy={isUpdating} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
        Preview
      </Typography>
      <Stack spacing={2}>
        <PreviewCustomerPicker value={customer} onChange={setPicked} />
        <Box sx={{ height: 4 }}>{isUpdating && customer && request ? <LinearProgress aria-label="Updating the preview" /> : null}</Box>
        {content}
      </Stack>
    </Box>
  );
}

function Note({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** Why the server would not render the draft: each field and line, or a failure to try again. */
function PreviewRefusal({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isRequestError(error) && error.status === 400 && error.details.length > 0) {
    return (
      <Alert severity="error" role="alert">
        <AlertTitle>This template cannot be sent yet</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {error.details.map((issue) => (
            <li key={`${issue.field}:${issue.reason}`}>
              {FIELD_NAMES[issue.field] ?? issue.field}, {issue.reason}
            </li>
          ))}
        </Box>
      </Alert>
    );
  }
  return <ErrorPanel title="Failed to render the preview" message={error.message} onRetry={onRetry} />;
}

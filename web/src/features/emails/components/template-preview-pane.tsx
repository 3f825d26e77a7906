import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { isRequestError } from '../../../lib/request-error';
import type { TemplatePreviewState } from '../use-template-preview';

import { EmailPreviewView } from './email-preview-view';
import { PreviewCustomerPicker } from './preview-customer-picker';
import { WordingsPreview } from './wordings-preview';

const FIELD_NAMES: Record<string, string> = { subject: 'Subject', body: 'Body' };

/**
 * The live preview beside the editor: the draft as it stands, rendered by the server for one
 * customer exactly as they would receive it; written from the tone, two or three of the letters
 * it may write. A template the server refuses shows why, in place of the preview; the text being
 * edited is never touched.
 */
export function TemplatePreviewPane({ state }: { state: TemplatePreviewState }) {
  const headingId = useId();
  const { customers, customer, request, preview } = state;

  let content;
  if (customers.isPending) content = <LoadingSkeleton lines={4} label="Loading customers" />;
  else if (customers.isError) {
    content = <ErrorPanel title="Failed to load customers" message={customers.error.message} onRetry={() => void customers.refetch()} isRetrying={customers.isFetching} />;
  } else if (!customer) content = <Note>Add a customer to see how this template reads for them.</Note>;
  else if (!request) content = <Note>Write a subject and a body to see the preview.</Note>;
  else if (preview.isError) content = <PreviewRefusal error={preview.error} onRetry={() => void preview.refetch()} />;
  else if (!preview.data) content = <LoadingSkeleton lines={6} label="Rendering the preview" />;
  else if (!state.isOwnWording && state.wording) {
    content = <WordingsPreview preview={preview.data} shown={state.wording} onShow={state.chooseWording} customerName={customer.name} />;
  } else content = <EmailPreviewView preview={preview.data} customerName={customer.name} />;

  return (
    <Box component="section" aria-labelledby={headingId} aria-busy={state.isUpdating} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
        Preview
      </Typography>
      <Stack spacing={2}>
        <PreviewCustomerPicker value={customer} onChange={state.chooseCustomer} />
        <Box sx={{ height: 4 }}>{state.isUpdating && customer && request ? <LinearProgress aria-label="Updating the preview" /> : null}</Box>
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
  if (isRequestError(error) && (error.status === 400 || error.status === 422) && error.details.length > 0) {
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

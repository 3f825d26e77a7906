import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Customer, Workflow } from '@receivables/contracts';
import { useId, useState } from 'react';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useWorkflowPreview } from '../api/preview-workflow';

import { PreviewCustomerPicker } from './preview-customer-picker';
import { PreviewTimeline } from './preview-timeline';

/**
 * What this workflow would send one customer from now: the planner's dates and the renderer's
 * emails, the very ones the scheduler would use. The customer is the screen's own state, not the
 * URL's: a preview is a look, not a place to link to.
 */
export function WorkflowPreviewCard({ workflow }: { workflow: Workflow }) {
  const headingId = useId();
  const { time_zone: timeZone } = useOrganisationSettings();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const preview = useWorkflowPreview(workflow.id, customer?.id ?? null);

  let body = null;
  if (customer === null) {
    body = <Typography color="text.secondary">Choose a customer to see the emails this workflow would send them, and when.</Typography>;
  } else if (preview.isPending) {
    body = <LoadingSkeleton lines={3} height={72} label="Loading the preview" />;
  } else if (preview.isError) {
    body = <ErrorPanel title="Failed to load the preview" message={preview.error.message} onRetry={() => void preview.refetch()} isRetrying={preview.isFetching} />;
  } else if (preview.data.steps.length === 0) {
    body = <Alert severity="info">{preview.data.note ?? 'Nothing would be sent.'}</Alert>;
  } else {
    body = <PreviewTimeline preview={preview.data} timeZone={timeZone} />;
  }

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack spacing={2}>
          <div>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
              Preview
            </Typography>
            <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
              Times are in the organisation’s time zone, {timeZone}. Nothing is sent or scheduled by a preview.
            </Typography>
          </div>
          <PreviewCustomerPicker value={customer} onChange={setCustomer} />
          {body}
        </Stack>
      </CardContent>
    </Card>
  );
}

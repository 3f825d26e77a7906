import Alert from '@mui/material/Alert';
import { createFileRoute } from '@tanstack/react-router';

import { PlaceholderPage } from '../../components/placeholder-page';
import { workflowsSearchSchema } from '../../lib/route-search';

export const Route = createFileRoute('/_authenticated/workflows')({
  validateSearch: workflowsSearchSchema,
  component: WorkflowsRoute,
});

function WorkflowsRoute() {
  const { workflow_id } = Route.useSearch();
  return (
    <PlaceholderPage
      title="Workflows"
      description="The sequence of actions taken for a customer once an invoice is missed."
      points={[
        'For each standing (one missed invoice, several missed) a list of steps such as “3 days after, send the friendly reminder”.',
        'Which email template each step sends, and how many days after the standing began.',
        'A preview of exactly what a chosen customer would receive.',
      ]}
    >
      {workflow_id ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Workflow {workflow_id} selected.
        </Alert>
      ) : null}
    </PlaceholderPage>
  );
}

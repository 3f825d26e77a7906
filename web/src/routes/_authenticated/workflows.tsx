import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';

import { WorkflowsScreen } from '../../features/workflows/components/workflows-screen';
import { workflowsSearchSchema } from '../../lib/route-search';

export const Route = createFileRoute('/_authenticated/workflows')({
  validateSearch: workflowsSearchSchema,
  component: WorkflowsRoute,
});

function WorkflowsRoute() {
  const { workflow_id } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSelect = useCallback((id: string | undefined) => void navigate({ search: { workflow_id: id } }), [navigate]);
  return <WorkflowsScreen selectedId={workflow_id} onSelect={onSelect} />;
}

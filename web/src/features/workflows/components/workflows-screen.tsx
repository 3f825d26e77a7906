import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { Workflow } from '@receivables/contracts';
import { useState, type ReactNode } from 'react';

import { usePermission } from '../../../app/use-permission';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageHeader } from '../../../components/page-header';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { useWorkflows } from '../api/get-workflows';

import { ChaseCalendarCard } from './chase-calendar-card';
import { NoWorkflows } from './no-workflows';
import { WorkflowEditor } from './workflow-editor';
import { WorkflowList } from './workflow-list';
import { WorkflowNameDialog } from './workflow-name-dialog';
import { WorkflowPreviewCard } from './workflow-preview-card';

interface WorkflowsScreenProps {
  /** `?workflow_id=` as the router validated it; unknown ids fall back to the default. */
  selectedId: string | undefined;
  /** Select a workflow (undefined: the default). */
  onSelect: (id: string | undefined) => void;
}

/** The workflow shown: the one asked for if it exists, else the default (else the first). */
function chooseWorkflow(rows: Workflow[], selectedId: string | undefined): Workflow | undefined {
  return rows.find((w) => w.id === selectedId) ?? rows.find((w) => w.is_default) ?? rows[0];
}

/**
 * `/workflows` (docs/product.md#workflows): the workflows on the left, the chosen one’s steps and a
 * preview on the right, and under them the calendar of what every workflow has planned.
 */
export function WorkflowsScreen({ selectedId, onSelect }: WorkflowsScreenProps) {
  const list = useWorkflows();
  const [isCreating, setCreating] = useState(false);
  const editing = usePermission('workflows');
  const rows = list.data?.rows;
  const selected = rows ? chooseWorkflow(rows, selectedId) : undefined;

  let content;
  if (list.isPending) {
    content = (
      <Layout
        list={<LoadingSkeleton lines={3} height={56} label="Loading workflows" />}
        main={<LoadingSkeleton lines={4} height={64} label="Loading the workflow" />}
      />
    );
  } else if (list.isError) {
    content = <ErrorPanel title="Failed to load workflows" message={list.error.message} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />;
  } else if (!selected) {
    content = <NoWorkflows onCreate={editing.allowed ? () => setCreating(true) : undefined} />;
  } else {
    content = (
      <Layout
        list={<WorkflowList workflows={list.data.rows} selectedId={selected.id} />}
        main={
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <WorkflowEditor key={selected.id} workflow={selected} workflows={list.data.rows} onSelect={onSelect} />
            <WorkflowPreviewCard workflow={selected} />
          </Stack>
        }
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Workflows"
        description="Which reminder goes out, and when, once a customer misses an invoice. Customers follow the default unless they have a workflow of their own."
        actions={
          editing.allowed ? (
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)} sx={{ flex: 'none' }}>
              New workflow
            </Button>
          ) : null
        }
      />
      {editing.reason ? (
        <Box sx={{ mb: 3 }}>
          <ReadOnlyNotice reason={editing.reason} />
        </Box>
      ) : null}
      {content}
      {/* What all the workflows have planned together, under the one being edited. */}
      <Box sx={{ mt: 3 }}>
        <ChaseCalendarCard />
      </Box>
      {isCreating ? <WorkflowNameDialog mode={{ kind: 'create' }} onClose={() => setCreating(false)} onSaved={(w) => onSelect(w.id)} /> : null}
    </>
  );
}

/** Side by side from the `lg` breakpoint; stacked, list first, below it (a phone at 390 px). */
function Layout({ list, main }: { list: ReactNode; main: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '300px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Card component="section" aria-label="Workflows" sx={{ minWidth: 0, p: 1 }}>
        {list}
      </Card>
      {main}
    </Box>
  );
}

import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChaseStanding, Workflow, WorkflowAction } from '@receivables/contracts';
import { useId, useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { useNotify } from '../../../lib/use-notify';
import { useDeleteWorkflowAction } from '../api/delete-workflow-action';
import { useUpdateWorkflow } from '../api/update-workflow';
import { isOutOfDayOrder, moveId, shortStepName, STANDING_SECTIONS, stepsOf } from '../workflow-steps';

import { SortableStepList } from './sortable-step-list';
import { WorkflowStepDialog } from './workflow-step-dialog';

const EMPTY_HELP: Record<ChaseStanding, string> = {
  in_good_standing: 'No steps: nothing is sent before an invoice falls due.',
  single_missed: 'No steps: a customer with one invoice missed gets no email from this workflow.',
  multiple_missed: 'No steps: a customer with several invoices missed gets no email from this workflow.',
};

interface WorkflowStandingSectionProps {
  workflow: Workflow;
  standing: ChaseStanding;
  onRefusal: (message: string | null) => void;
}

/** One standing's steps, in order: add, edit, remove, and reorder by drag, by keyboard or with the buttons. */
export function WorkflowStandingSection({ workflow, standing, onRefusal }: WorkflowStandingSectionProps) {
  const headingId = useId();
  const notify = useNotify();
  const update = useUpdateWorkflow();
  const remove = useDeleteWorkflowAction();
  const [editing, setEditing] = useState<WorkflowAction | 'new' | null>(null);
  const { allowed: canEdit } = usePermission('workflows');
  // Moves made with the buttons are spoken here; dnd-kit speaks its own drags.
  const [announcement, setAnnouncement] = useState('');
  const steps = stepsOf(workflow, standing);
  const ids = steps.map((s) => s.id);

  const move = (from: number, to: number) => {
    const order = moveId(ids, from, to);
    if (order.join() === ids.join()) return;
    onRefusal(null);
    const step = steps[from];
    if (step) setAnnouncement(`${shortStepName(step)} moved to position ${to + 1} of ${ids.length}.`);
    update.mutate({ id: workflow.id, action_order: { [standing]: order } }, { onError: (error) => onRefusal(error.message) });
  };

  const onRemove = (step: WorkflowAction) => {
    onRefusal(null);
    remove.mutate(step.id, {
      onSuccess: () => notify(`Step removed: ${shortStepName(step)}`, 'success'),
      onError: (error) => onRefusal(error.message),
    });
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.125rem' }}>
          {STANDING_SECTIONS[standing]}
        </Typography>
        {canEdit ? (
          <Button size="small" startIcon={<AddRounded />} onClick={() => setEditing('new')} aria-label={`Add step to “${STANDING_SECTIONS[standing]}”`}>
            Add step
          </Button>
        ) : null}
      </Stack>
      {steps.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {EMPTY_HELP[standing]}
        </Typography>
      ) : (
        <SortableStepList
          label={STANDING_SECTIONS[standing]}
          steps={steps}
          onMove={move}
          onEdit={setEditing}
          onRemove={onRemove}
          isRemoving={(id) => remove.isPending && remove.variables === id}
        />
      )}
      {isOutOfDayOrder(steps) ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          Emails go out in order of their day; this order only decides which goes first when two steps share a day.
        </Alert>
      ) : null}
      <Box aria-live="polite" sx={VISUALLY_HIDDEN}>
        {announcement}
      </Box>
      {editing ? (
        <WorkflowStepDialog
          workflowId={workflow.id}
          standing={standing}
          step={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}

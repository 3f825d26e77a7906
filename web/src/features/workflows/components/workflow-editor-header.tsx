import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import StarOutlineRounded from '@mui/icons-material/StarOutlineRounded';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Workflow } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { useNotify } from '../../../lib/use-notify';
import { useUpdateWorkflow } from '../api/update-workflow';

import { WorkflowDeleteDialog } from './workflow-delete-dialog';
import { describeWorkflowUse, WorkflowBadges } from './workflow-list';
import { WorkflowNameDialog } from './workflow-name-dialog';

interface WorkflowEditorHeaderProps {
  workflow: Workflow;
  workflows: Workflow[];
  onSelect: (id: string | undefined) => void;
  onRefusal: (message: string | null) => void;
}

/** The workflow's name, who follows it, and what can be done to it as a whole. */
export function WorkflowEditorHeader({ workflow, workflows, onSelect, onRefusal }: WorkflowEditorHeaderProps) {
  const notify = useNotify();
  const update = useUpdateWorkflow();
  const [dialog, setDialog] = useState<'rename' | 'duplicate' | 'delete' | null>(null);
  const { allowed: canEdit } = usePermission('workflows');

  const onToggleEnabled = (enabled: boolean) => {
    onRefusal(null);
    update.mutate(
      { id: workflow.id, enabled },
      {
        onSuccess: () => notify(enabled ? 'Workflow enabled' : 'Workflow disabled: it sends nothing until enabled', 'success'),
        onError: (error) => onRefusal(error.message),
      },
    );
  };
  // The default must be enabled, so making a disabled workflow the default enables it too.
  const onMakeDefault = () => {
    onRefusal(null);
    update.mutate(
      { id: workflow.id, is_default: true, enabled: true },
      {
        onSuccess: () => notify(`“${workflow.name}” is now the default workflow`, 'success'),
        onError: (error) => onRefusal(error.message),
      },
    );
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.5rem', overflowWrap: 'anywhere' }}>
          {workflow.name}
        </Typography>
        <WorkflowBadges workflow={workflow} />
      </Stack>
      <Typography color="text.secondary">
        {describeWorkflowUse(workflow)}
        {workflow.is_default ? ', and every customer without a workflow of its own follows it.' : '.'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={workflow.enabled}
              onChange={(_event, checked) => onToggleEnabled(checked)}
              disabled={!canEdit || workflow.is_default || update.isPending}
            />
          }
          label={workflow.is_default ? 'Enabled (the default always is)' : 'Enabled'}
          sx={{ mr: 1 }}
        />
        {canEdit ? (
          <>
            <Button size="small" variant="outlined" startIcon={<EditRounded />} onClick={() => setDialog('rename')}>
              Rename
            </Button>
            <Button size="small" variant="outlined" startIcon={<ContentCopyRounded />} onClick={() => setDialog('duplicate')}>
              Duplicate
            </Button>
          </>
        ) : null}
        {workflow.is_default || !canEdit ? null : (
          <>
            <Button size="small" variant="outlined" startIcon={<StarOutlineRounded />} onClick={onMakeDefault} disabled={update.isPending}>
              Make default
            </Button>
            <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlineRounded />} onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </>
        )}
      </Stack>
      {dialog === 'rename' || dialog === 'duplicate' ? (
        <WorkflowNameDialog
          mode={{ kind: dialog, workflow }}
          onClose={() => setDialog(null)}
          onSaved={(saved) => (dialog === 'duplicate' ? onSelect(saved.id) : undefined)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <WorkflowDeleteDialog
          workflow={workflow}
          workflows={workflows}
          onClose={() => setDialog(null)}
          onDeleted={() => onSelect(undefined)}
        />
      ) : null}
    </Stack>
  );
}

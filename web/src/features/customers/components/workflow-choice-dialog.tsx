import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Workflow } from '@receivables/contracts';
import { useId, useState, type SyntheticEvent } from 'react';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { SubmitButton } from '../../../components/submit-button';
import { useWorkflows } from '../../workflows/api/get-workflows';

/** The choice that sends `workflow_id: null`: no workflow of its own, so whatever the default is. */
const FOLLOW_DEFAULT = 'default';

/** What a person chose: a workflow by id, or null for the organisation's default, and its name for the toast. */
export interface WorkflowChoice {
  workflowId: string | null;
  /** "Gentle chasing", or "the organisation default (Standard chasing)", for the toast. */
  label: string;
}

interface WorkflowChoiceDialogProps {
  title: string;
  /** Who it applies to, above the choice. */
  description: string;
  submitLabel: string;
  /** What is chosen when the dialog opens: the customer's own workflow, or null (the default). */
  initial?: string | null;
  isPending: boolean;
  /** The server's reason for refusing, shown on the choice. */
  serverError?: string | null;
  /** The caller sends it and reports the outcome. */
  onChoose: (choice: WorkflowChoice) => unknown;
  onClose: () => void;
}

/** "Organisation default (Standard chasing)". */
function defaultLabel(fallback: Workflow | undefined): string {
  return fallback ? `Organisation default (${fallback.name})` : 'Organisation default';
}

/**
 * What the chosen option means. Following the default and choosing the default workflow by name
 * differ once another workflow becomes the default (docs/decisions/0015-templates-and-workflows.md),
 * so both are offered and the difference is said.
 */
function explain(value: string, workflows: Workflow[], fallback: Workflow | undefined): string {
  if (value === FOLLOW_DEFAULT) {
    return fallback
      ? `Follows whichever workflow is the default: now ${fallback.name}, and the new one if the default changes.`
      : 'Follows whichever workflow is the default.';
  }
  const chosen = workflows.find((w) => w.id === value);
  if (!chosen) return '';
  const disabled = chosen.enabled ? '' : ' It is disabled: nothing is sent until it is enabled again.';
  return `Follows ${chosen.name} whatever the default is.${disabled}`;
}

/** Choose a workflow, or the organisation default, for one customer or a selection. */
export function WorkflowChoiceDialog(props: WorkflowChoiceDialogProps) {
  const { title, description, submitLabel, initial = null, isPending, serverError = null, onChoose, onClose } = props;
  const titleId = useId();
  const workflows = useWorkflows();
  const [value, setValue] = useState(initial ?? FOLLOW_DEFAULT);
  const rows = workflows.data?.rows ?? [];
  const fallback = rows.find((w) => w.is_default);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (value === FOLLOW_DEFAULT) {
      void onChoose({ workflowId: null, label: fallback ? `the organisation default (${fallback.name})` : 'the organisation default' });
    } else {
      void onChoose({ workflowId: value, label: rows.find((w) => w.id === value)?.name ?? 'the chosen workflow' });
    }
  };

  let field;
  if (workflows.isPending) field = <LoadingSkeleton height={56} label="Loading workflows" />;
  else if (workflows.isError) {
    field = (
      <ErrorPanel
        title="Failed to load workflows"
        message={workflows.error.message}
        onRetry={() => void workflows.refetch()}
        isRetrying={workflows.isFetching}
      />
    );
  } else {
    field = (
      <TextField
        select
        label="Workflow"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(serverError)}
        helperText={serverError ?? explain(value, rows, fallback)}
        fullWidth
        autoFocus
      >
        <MenuItem value={FOLLOW_DEFAULT}>{defaultLabel(fallback)}</MenuItem>
        {rows.map((w) => (
          <MenuItem key={w.id} value={w.id}>
            {w.name}
            {w.enabled ? '' : ' (disabled)'}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{description}</DialogContentText>
            {field}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={isPending} size="medium" disabled={isPending || !workflows.isSuccess}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Workflow } from '@receivables/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useCreateWorkflow } from '../api/create-workflow';
import { useUpdateWorkflow } from '../api/update-workflow';

export type NameDialogMode = { kind: 'create' } | { kind: 'rename'; workflow: Workflow } | { kind: 'duplicate'; workflow: Workflow };

const nameSchema = z.object({ name: z.string().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters') });
type NameForm = z.infer<typeof nameSchema>;
const FIELDS = ['name'] as const;

const TEXT = {
  create: { title: 'New workflow', submit: 'Create', help: 'It starts with no steps; add them next.', done: 'Workflow created' },
  rename: { title: 'Rename workflow', submit: 'Save', help: null, done: 'Workflow renamed' },
  duplicate: { title: 'Duplicate workflow', submit: 'Duplicate', help: 'The copy has the same steps and nobody follows it yet.', done: 'Workflow duplicated' },
} as const;

function initialName(mode: NameDialogMode): string {
  if (mode.kind === 'rename') return mode.workflow.name;
  if (mode.kind === 'duplicate') return `Copy of ${mode.workflow.name}`.slice(0, 120);
  return '';
}

interface WorkflowNameDialogProps {
  mode: NameDialogMode;
  onClose: () => void;
  /** The workflow as saved: a new one is then selected. */
  onSaved?: (workflow: Workflow) => void;
}

/** Create, rename or duplicate: the one field is the name, unique in the organisation (409 on it). */
export function WorkflowNameDialog({ mode, onClose, onSaved }: WorkflowNameDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const [formError, setFormError] = useState<string | null>(null);
  const text = TEXT[mode.kind];
  const { control, handleSubmit, setError } = useForm<NameForm>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: initialName(mode) },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null);
    try {
      let saved: Workflow;
      if (mode.kind === 'rename') {
        if (name === mode.workflow.name) return onClose();
        saved = await update.mutateAsync({ id: mode.workflow.id, name });
      } else {
        saved = await create.mutateAsync(mode.kind === 'duplicate' ? { name, duplicate_of: mode.workflow.id } : { name });
      }
      notify(text.done, 'success');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id={titleId}>{text.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {text.help ? <DialogContentText>{text.help}</DialogContentText> : null}
            <FormTextField control={control} name="name" label="Name" required autoFocus slotProps={{ htmlInput: { maxLength: 120 } }} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={create.isPending || update.isPending} size="medium">
            {text.submit}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

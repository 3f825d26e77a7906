import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DELAY_DAYS_MAX, type ChaseStanding, type WorkflowAction } from '@receivables/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useSaveWorkflowAction } from '../api/save-workflow-action';
import { STANDING_SECTIONS } from '../workflow-steps';

import { TemplateSelectField } from './template-select-field';

const DAYS_MESSAGE = `Enter a whole number of days from 0 to ${DELAY_DAYS_MAX}`;

const stepSchema = z.object({
  // Typed as text, sent as a whole number: "7", not "7.5" or "seven".
  delay_days: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, DAYS_MESSAGE)
    .refine((text) => Number(text) <= DELAY_DAYS_MAX, DAYS_MESSAGE),
  email_id: z.string().min(1, 'Choose a template'),
});
type StepForm = z.infer<typeof stepSchema>;
const FIELDS = ['delay_days', 'email_id'] as const;

interface WorkflowStepDialogProps {
  workflowId: string;
  standing: ChaseStanding;
  /** The step to change; null adds one at the end of the standing. */
  step: WorkflowAction | null;
  onClose: () => void;
}

/** Add or change a step: how many days after the customer entered the standing, and which template. */
export function WorkflowStepDialog({ workflowId, standing, step, onClose }: WorkflowStepDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const save = useSaveWorkflowAction();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<StepForm>({
    resolver: zodResolver(stepSchema),
    defaultValues: { delay_days: step ? String(step.delay_days) : '', email_id: step?.email_id ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const delayDays = Number(values.delay_days);
      await save.mutateAsync({ id: step?.id, workflow_id: workflowId, standing, delay_days: delayDays, email_id: values.email_id });
      notify(step ? 'Step saved' : 'Step added', 'success');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id={titleId}>{step ? 'Edit step' : 'Add a step'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Alert severity="info" icon={false} sx={{ py: 0 }}>
              {STANDING_SECTIONS[standing]}
            </Alert>
            <FormTextField
              control={control}
              name="delay_days"
              label="Days after entering"
              required
              autoFocus
              helperText="0 sends on the day the customer enters this standing"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            />
            <TemplateSelectField control={control} name="email_id" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={save.isPending} size="medium">
            {step ? 'Save' : 'Add step'}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

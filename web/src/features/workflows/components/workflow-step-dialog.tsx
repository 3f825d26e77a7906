import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DELAY_DAYS_BEFORE_DUE_MAX, DELAY_DAYS_MAX, REPEAT_DAYS_MAX, REPEAT_DAYS_MIN, type ChaseStanding, type WorkflowAction } from '@receivables/contracts';
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

const REPEAT_MESSAGE = `Leave empty to send once, or enter ${REPEAT_DAYS_MIN} to ${REPEAT_DAYS_MAX} days`;
const daysMessage = (max: number) => `Enter a whole number of days from 0 to ${max}`;

/** Typed as text, sent as a whole number: "7", not "7.5" or "seven"; before the due date, counted back from it. */
const stepSchemaFor = (max: number) =>
  z.object({
    delay_days: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, daysMessage(max))
      .refine((text) => Number(text) <= max, daysMessage(max)),
    email_id: z.string().min(1, 'Choose a template'),
    // Empty: the step goes once; else every N days until the next step's day (decision 0036).
    repeat_days: z
      .string()
      .trim()
      .refine((text) => text === '' || (/^\d{1,2}$/.test(text) && Number(text) >= REPEAT_DAYS_MIN && Number(text) <= REPEAT_DAYS_MAX), REPEAT_MESSAGE),
  });
const stepSchema = stepSchemaFor(DELAY_DAYS_MAX);
type StepForm = z.infer<typeof stepSchema>;
const FIELDS = ['delay_days', 'email_id', 'repeat_days'] as const;

interface WorkflowStepDialogProps {
  workflowId: string;
  standing: ChaseStanding;
  /** The step to change; null adds one at the end of the standing. */
  step: WorkflowAction | null;
  onClose: () => void;
}

/**
 * Add or change a step: how many days after the due date (or, before it, how many days before), and
 * which template (decision 0036).
 */
export function WorkflowStepDialog({ workflowId, standing, step, onClose }: WorkflowStepDialogProps) {
  const titleId = useId();
  const standingId = useId();
  const notify = useNotify();
  const save = useSaveWorkflowAction();
  const [formError, setFormError] = useState<string | null>(null);
  const beforeDue = standing === 'in_good_standing';
  const { control, handleSubmit, setError } = useForm<StepForm>({
    resolver: zodResolver(beforeDue ? stepSchemaFor(DELAY_DAYS_BEFORE_DUE_MAX) : stepSchema),
    defaultValues: {
      delay_days: step ? String(Math.abs(step.delay_days)) : '',
      email_id: step?.email_id ?? '',
      repeat_days: step?.repeat_days ? String(step.repeat_days) : '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const delayDays = beforeDue ? -Number(values.delay_days) : Number(values.delay_days);
      const repeatDays = values.repeat_days === '' ? null : Number(values.repeat_days);
      await save.mutateAsync({
        id: step?.id,
        workflow_id: workflowId,
        standing,
        delay_days: delayDays,
        email_id: values.email_id,
        repeat_days: repeatDays,
      });
      notify(step ? 'Step saved' : 'Step added', 'success');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} aria-describedby={standingId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id={titleId}>{step ? 'Edit step' : 'Add a step'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            {/* Which part of the workflow the step is in: plain words, not an alert a screen reader
                breaks in with (decision 0046); it also describes the dialog. */}
            <Typography id={standingId} variant="body2" color="text.secondary">
              {`Part of “${STANDING_SECTIONS[standing]}”`}
            </Typography>
            <FormTextField
              control={control}
              name="delay_days"
              label={beforeDue ? 'Days before the due date' : 'Days after the due date'}
              required
              autoFocus
              helperText={
                beforeDue
                  ? '0 sends on the due date itself. Counted back from the next invoice coming due.'
                  : 'Counted from the oldest overdue invoice’s due date. A customer who is already later gets the latest step whose day has come.'
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            />
            <TemplateSelectField control={control} name="email_id" />
            <FormTextField
              control={control}
              name="repeat_days"
              label="Repeat every (days)"
              helperText="Optional. Sends it again every so many days until the next step’s day, or until the debt is settled."
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
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

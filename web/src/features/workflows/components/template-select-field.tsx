import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

import { ErrorPanel } from '../../../components/error-panel';
import { FormTextField } from '../../../components/form-text-field';
import { ButtonLink } from '../../../components/router-link';
import { useEmailTemplates } from '../api/get-email-templates';
import { describeTemplate } from '../workflow-steps';

interface TemplateSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/** The template a step sends, as "Name (Reminder, Firm)"; its own loading, error and empty states. */
export function TemplateSelectField<T extends FieldValues>({ control, name }: TemplateSelectFieldProps<T>) {
  const templates = useEmailTemplates();

  if (templates.isPending) return <Skeleton variant="rounded" height={56} aria-label="Loading templates" />;
  if (templates.isError) {
    return (
      <ErrorPanel
        title="Failed to load templates"
        message={templates.error.message}
        onRetry={() => void templates.refetch()}
        isRetrying={templates.isFetching}
      />
    );
  }
  if (templates.data.rows.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <ButtonLink to="/settings" size="small" color="inherit">
            Go to Settings
          </ButtonLink>
        }
      >
        No templates yet: a step sends a template, so write one in Settings first.
      </Alert>
    );
  }
  return (
    <FormTextField
      select
      label="Template"
      required
      name={name}
      control={control}
      helperText="Reminders go to the primary contact; escalations to the escalation contact, the primary in copy"
    >
      {templates.data.rows.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {describeTemplate({ email_name: t.name, kind: t.kind, tone: t.tone })}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

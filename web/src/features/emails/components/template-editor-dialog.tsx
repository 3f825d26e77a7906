import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EmailTemplate } from '@receivables/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useNotify } from '../../../lib/use-notify';
import { useCreateEmailTemplate } from '../api/create-email-template';
import { useSendTemplateToMe } from '../api/send-template-to-me';
import { useUpdateEmailTemplate } from '../api/update-email-template';
import { draftFromTemplate, TEMPLATE_FIELDS, templateFormSchema, templateWrite, type TemplateDraft } from '../template-form-values';
import { useMergeFieldInsert } from '../use-merge-field-insert';
import { useTemplatePreview } from '../use-template-preview';

import { DiscardChangesDialog } from './discard-changes-dialog';
import { SendToMeButton, SendToMeResult } from './send-to-me';
import { TemplateEditorFields } from './template-editor-fields';
import { TemplatePreviewPane } from './template-preview-pane';

/** A saved template to change, or a new one starting from a draft (blank or generated). */
export type EditorTarget = { template: EmailTemplate } | { draft: TemplateDraft };

/** The template editor with its live preview beside it (stacked, full screen, on a phone). */
export function TemplateEditorDialog({ target, onClose }: { target: EditorTarget; onClose: () => void }) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'));
  const notify = useNotify();
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const saved = 'template' in target ? target.template : null;
  const sendToMe = useSendTemplateToMe(saved?.id ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [isConfirmingDiscard, setConfirmingDiscard] = useState(false);
  const form = useForm<TemplateDraft>({
    resolver: zodResolver(templateFormSchema),
    defaultValues: saved ? draftFromTemplate(saved) : 'draft' in target ? target.draft : undefined,
  });
  const { control, handleSubmit, setError, formState } = form;
  const mergeFields = useMergeFieldInsert(form);
  const preview = useTemplatePreview(control);
  // A new template (a generated one especially) is unsaved work even before it is edited.
  const hasUnsavedWork = formState.isDirty || saved === null;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      if (saved) await update.mutateAsync({ id: saved.id, input: templateWrite(values) });
      else await create.mutateAsync(templateWrite(values));
      notify(`Template “${values.name}” saved`, 'success');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, TEMPLATE_FIELDS, setError));
    }
  });

  const requestClose = () => (hasUnsavedWork ? setConfirmingDiscard(true) : onClose());

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="lg" fullScreen={isNarrow} aria-labelledby="template-editor-title">
      <form onSubmit={(event) => void onSubmit(event)} noValidate style={{ display: 'contents' }}>
        <DialogTitle id="template-editor-title">{saved ? `Edit “${saved.name}”` : 'New template'}</DialogTitle>
        <DialogContent dividers>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: { xs: 4, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
            <TemplateEditorFields
              control={control}
              insertTarget={mergeFields.target}
              onInsert={mergeFields.insert}
              onSourceElement={mergeFields.onSourceElement}
              onSourceTarget={mergeFields.onSourceTarget}
            />
            <Box sx={{ position: { md: 'sticky' }, top: { md: 0 } }}>
              <TemplatePreviewPane state={preview} />
            </Box>
          </Box>
        </DialogContent>
        {saved && (sendToMe.isSuccess || sendToMe.isError) ? (
          <Box sx={{ px: 3, pt: 1.5 }}>
            <SendToMeResult sendToMe={sendToMe} />
          </Box>
        ) : null}
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {saved ? (
            <Box sx={{ mr: 'auto', minWidth: 0 }}>
              <SendToMeButton sendToMe={sendToMe} preview={preview} hasUnsavedChanges={formState.isDirty} />
            </Box>
          ) : null}
          <Button onClick={requestClose}>Cancel</Button>
          <SubmitButton isPending={create.isPending || update.isPending} size="medium">
            Save template
          </SubmitButton>
        </DialogActions>
      </form>
      {isConfirmingDiscard ? <DiscardChangesDialog onKeepEditing={() => setConfirmingDiscard(false)} onDiscard={onClose} /> : null}
    </Dialog>
  );
}

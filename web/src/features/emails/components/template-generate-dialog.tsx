import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, type EmailKind, TONE_LABELS, TONES, type Tone } from '@receivables/contracts';
import { type SyntheticEvent, useState } from 'react';

import { ChoiceGroup } from '../../../components/choice-group';
import { SubmitButton } from '../../../components/submit-button';
import { useGenerateTemplate } from '../api/generate-template';
import { draftFromGenerated, type TemplateDraft } from '../template-form-values';
import { KIND_HINTS, TONE_HINTS } from '../template-labels';


interface TemplateGenerateDialogProps {
  onClose: () => void;
  /** The generated text, to open in the editor; nothing is saved until the person saves it there. */
  onGenerated: (draft: TemplateDraft) => void;
}

/** "Generate": a tone and a kind in, a subject and body from the product's phrase library out. */
export function TemplateGenerateDialog({ onClose, onGenerated }: TemplateGenerateDialogProps) {
  const [tone, setTone] = useState<Tone>('friendly-reminder');
  const [kind, setKind] = useState<EmailKind>('regular_email');
  const generate = useGenerateTemplate();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    generate.mutate({ tone, kind }, { onSuccess: (generated) => onGenerated(draftFromGenerated(tone, kind, generated)) });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="generate-template-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="generate-template-title">Generate a template</DialogTitle>
        <DialogContent>
          <Stack spacing={3}>
            {generate.isError ? <Alert severity="error">{generate.error.message}</Alert> : null}
            <ChoiceGroup
              label="Tone"
              name="tone"
              value={tone}
              onChange={setTone}
              options={TONES.map((t) => ({ value: t, label: TONE_LABELS[t], hint: TONE_HINTS[t] }))}
            />
            <ChoiceGroup
              label="Type"
              name="kind"
              value={kind}
              onChange={setKind}
              options={EMAIL_KINDS.map((k) => ({ value: k, label: EMAIL_KIND_LABELS[k], hint: KIND_HINTS[k] }))}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={generate.isPending} size="medium">
            Generate
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

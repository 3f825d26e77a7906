import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_KIND_LABELS, EMAIL_KINDS, TONE_LABELS, TONES, usesOwnWording, VARIATION_LABELS, VARIATIONS } from '@receivables/contracts';
import { useController, type Control, type FieldPath } from 'react-hook-form';

import { ChoiceGroup } from '../../../components/choice-group';
import { FormTextField } from '../../../components/form-text-field';
import type { SourceField, TemplateDraft } from '../template-form-values';
import { KIND_HINTS, TONE_HINTS, VARIATION_HINTS } from '../template-labels';

import { MergeFieldList } from './merge-field-list';
import { TemplateSourceField } from './template-source-field';

interface TemplateEditorFieldsProps {
  control: Control<TemplateDraft>;
  insertTarget: SourceField;
  onInsert: (snippet: string) => void;
  onSourceElement: (name: SourceField, element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onSourceTarget: (name: SourceField) => void;
}

/** The editor's left column: what the template is called, how it reads, and its Liquid source. */
export function TemplateEditorFields({ control, insertTarget, onInsert, onSourceElement, onSourceTarget }: TemplateEditorFieldsProps) {
  const variation = useController({ name: 'variation', control });
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <FormTextField control={control} name="name" label="Name" required autoFocus slotProps={{ htmlInput: { maxLength: 120 } }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectField control={control} name="tone" label="Tone" options={TONES.map((t) => ({ value: t, label: TONE_LABELS[t], hint: TONE_HINTS[t] }))} />
        <SelectField
          control={control}
          name="kind"
          label="Type"
          options={EMAIL_KINDS.map((k) => ({ value: k, label: EMAIL_KIND_LABELS[k], hint: KIND_HINTS[k] }))}
        />
      </Box>
      <ChoiceGroup
        label="Variation"
        name={variation.field.name}
        value={variation.field.value}
        onChange={variation.field.onChange}
        inputRef={variation.field.ref}
        error={variation.fieldState.error?.message}
        options={VARIATIONS.map((v) => ({ value: v, label: VARIATION_LABELS[v], hint: VARIATION_HINTS[v] }))}
      />
      {usesOwnWording(variation.field.value) ? (
        <TemplateSource
          control={control}
          insertTarget={insertTarget}
          onInsert={onInsert}
          onSourceElement={onSourceElement}
          onSourceTarget={onSourceTarget}
        />
      ) : (
        <WrittenFromTone />
      )}
    </Stack>
  );
}

/** The subject and body a template sends as written (or varied), with how to vary them and the merge fields. */
function TemplateSource({ control, insertTarget, onInsert, onSourceElement, onSourceTarget }: TemplateEditorFieldsProps) {
  return (
    <>
      <TemplateSourceField
        control={control}
        name="subject"
        label="Subject"
        required
        // Wrapped, not scrolled sideways, so a subject with variants can be read whole; sent as one line.
        multiline
        maxRows={4}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        onElement={onSourceElement}
        onTarget={onSourceTarget}
      />
      <TemplateSourceField
        control={control}
        name="body"
        label="Body"
        required
        multiline
        minRows={12}
        maxRows={30}
        onElement={onSourceElement}
        onTarget={onSourceTarget}
        helperText="HTML and Liquid. Links, paragraphs, lists and tables are kept; anything else is removed when the email is sent."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.875rem' } } }}
      />
      <VariantsHelp />
      <MergeFieldList target={insertTarget} onInsert={onInsert} />
    </>
  );
}

/**
 * In place of subject and body for "Write from the tone": there is nothing to write. Any text they
 * held is kept, hidden, for a switch back (issue 29).
 */
function WrittenFromTone() {
  return (
    <Box role="note" sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
        No subject or body to write
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each email’s subject and body are written from the tone and type above when it is sent, from the product’s own phrases, with the
        customer’s figures and invoices. The preview shows some of the letters it writes.
      </Typography>
    </Box>
  );
}

interface SelectFieldProps {
  control: Control<TemplateDraft>;
  name: FieldPath<TemplateDraft>;
  label: string;
  options: { value: string; label: string; hint: string }[];
}

/** A select whose helper text explains the chosen option. */
function SelectField({ control, name, label, options }: SelectFieldProps) {
  const { field, fieldState } = useController({ name, control });
  const chosen = options.find((o) => o.value === field.value);
  return (
    <TextField
      select
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? chosen?.hint}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const code = { fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' } as const;

/** How to write the same passage in several wordings, for variation "Vary the wording". */
function VariantsHelp() {
  return (
    <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
        Several wordings of one passage
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Wrap them as <Box component="code" sx={code}>{'{% variants %}'}first{'{% or %}'}second{'{% endvariants %}'}</Box>.
        “Send as written” always uses the first; “Vary the wording” picks one for each customer and step, and the preview shows the
        one this customer gets.
      </Typography>
    </Box>
  );
}

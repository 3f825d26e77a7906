import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';

import type { SourceField, TemplateDraft } from '../template-form-values';

type TemplateSourceFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'inputRef'> & {
  name: SourceField;
  control: Control<TemplateDraft>;
  /** The field's own element, so a merge field can be inserted at its caret. */
  onElement: (name: SourceField, element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  /** This field is now where "Insert" puts merge fields. */
  onTarget: (name: SourceField) => void;
};

/** The subject or the body: Liquid source, bound to the form, that remembers its caret for "Insert". */
export function TemplateSourceField({ name, control, onElement, onTarget, helperText, ...props }: TemplateSourceFieldProps) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onFocus={() => onTarget(name)}
      inputRef={(element: HTMLInputElement | HTMLTextAreaElement | null) => {
        field.ref(element);
        onElement(name, element);
      }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
    />
  );
}

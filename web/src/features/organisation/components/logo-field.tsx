import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { decodeLogo, LOGO_MAX_BYTES, LOGO_TYPES } from '@receivables/contracts';
import { useId, useRef } from 'react';
import { type Control, useController, type UseFormClearErrors, type UseFormSetError } from 'react-hook-form';

import type { LetterheadFormValues } from '../letterhead-form-values';

const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('not read')));
    reader.onerror = () => reject(reader.error ?? new Error('not read'));
    reader.readAsDataURL(file);
  });

/**
 * The logo: chosen from a file (PNG or JPEG, at most 100 KB), shown as emails will show it, and
 * removable. A real button opens the file picker, so the keyboard reaches it; the image is
 * checked here by its bytes as the server will, so a wrong file is named before saving.
 */
interface LogoFieldProps {
  control: Control<LetterheadFormValues>;
  setError: UseFormSetError<LetterheadFormValues>;
  clearErrors: UseFormClearErrors<LetterheadFormValues>;
}

export function LogoField({ control, setError, clearErrors }: LogoFieldProps) {
  const { field, fieldState } = useController({ name: 'logo', control });
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const disabled = field.disabled ?? false;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError('logo', { message: 'Choose a PNG or JPEG image' });
    if (file.size > LOGO_MAX_BYTES) return setError('logo', { message: `Choose an image of at most ${LOGO_MAX_BYTES / 1024} KB (this one is ${Math.ceil(file.size / 1024)} KB)` });
    const url = await readAsDataUrl(file);
    const decoded = decodeLogo(url);
    if ('reason' in decoded) return setError('logo', { message: `This file ${decoded.reason}` });
    clearErrors('logo');
    field.onChange(url);
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">Logo</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {field.value ? (
          // White paper behind it, as in an email, whatever the app's theme.
          <Box sx={{ bgcolor: '#ffffff', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, alignSelf: 'flex-start' }}>
            <Box component="img" src={field.value} alt="The logo emails will show" sx={{ display: 'block', maxWidth: 240, maxHeight: 64 }} />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">No logo: emails start with their greeting.</Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()} aria-describedby={helpId}>
            {field.value ? 'Replace logo' : 'Upload logo'}
          </Button>
          {field.value ? (
            <Button color="error" disabled={disabled} onClick={() => field.onChange(null)}>
              Remove logo
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={LOGO_TYPES.join(',')}
        hidden
        aria-label="Logo file"
        data-testid="logo-file"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          // The same file chosen again (after removing it) must fire a change too.
          event.target.value = '';
        }}
      />
      <FormHelperText id={helpId} error={Boolean(fieldState.error?.message)}>
        {fieldState.error?.message ?? `PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024} KB. Shown at the top of every email, at most 240 × 64 pixels.`}
      </FormHelperText>
    </Stack>
  );
}

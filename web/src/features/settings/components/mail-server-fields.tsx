import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SmtpSecurity } from '@receivables/contracts';
import { Controller, type Control, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';

import { FormTextField } from '../../../components/form-text-field';
import { DEFAULT_PORTS, type MailServerFormValues } from '../email-form-values';

const SECURITY_LABELS: Record<SmtpSecurity, string> = {
  starttls: 'STARTTLS (usually port 587)',
  tls: 'TLS from the start (usually port 465)',
  none: 'None (unencrypted: your own network only)',
};

interface MailServerFieldsProps {
  control: Control<MailServerFormValues>;
  getValues: UseFormGetValues<MailServerFormValues>;
  setValue: UseFormSetValue<MailServerFormValues>;
  hasPassword: boolean;
}

/**
 * The organisation's own SMTP server: address, port, security and sign-in. The password is never
 * shown. Each field passes on the form's `disabled` (a role that may only read it, decision 0024).
 */
export function MailServerFields({ control, getValues, setValue, hasPassword }: MailServerFieldsProps) {
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '2fr 1fr' } }}>
        <FormTextField control={control} name="host" label="Server" required placeholder="smtp.example.com" autoComplete="off" />
        <Controller
          control={control}
          name="port"
          render={({ field, fieldState }) => (
            <TextField
              name={field.name}
              inputRef={field.ref}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
              onBlur={field.onBlur}
              disabled={field.disabled}
              label="Port"
              type="number"
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { min: 1, max: 65_535, step: 1, inputMode: 'numeric' } }}
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="security"
        render={({ field, fieldState }) => (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={(event) => {
              const next = event.target.value as SmtpSecurity;
              // Follow the usual port of the new kind of connection, unless a port of its own was typed.
              if (getValues('port') === DEFAULT_PORTS[field.value]) setValue('port', DEFAULT_PORTS[next], { shouldDirty: true });
              field.onChange(next);
            }}
            onBlur={field.onBlur}
            disabled={field.disabled}
            label="Security"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            fullWidth
          >
            {(Object.keys(SECURITY_LABELS) as SmtpSecurity[]).map((s) => (
              <MenuItem key={s} value={s}>
                {SECURITY_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
        <FormTextField control={control} name="username" label="Username" autoComplete="off" helperText="Leave empty if the server needs no sign-in." />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          helperText={hasPassword ? 'A password is saved. Leave empty to keep it.' : 'Stored encrypted; never shown again.'}
        />
      </Box>
      {hasPassword ? (
        <Controller
          control={control}
          name="clear_password"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  disabled={field.disabled}
                  onChange={(event) => field.onChange(event.target.checked)}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label="Forget the saved password"
            />
          )}
        />
      ) : null}
    </>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMPORT_FIELDS, importFieldSchema, mappingProblems, type CustomerImport, type ImportField } from '@receivables/contracts';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { formatCount } from '../../../lib/format';
import { useImportCheck } from '../api/check-import';
import { useStartImport } from '../api/start-import';
import { toFormValues, toImportMapping, toStartInput, type MappingFormValues } from '../mapping-form-values';

import { ImportCard } from './import-card';
import { ImportDiscardButton } from './import-discard-button';
import { ImportFieldSelect } from './import-field-select';
import { ImportPreviewTable } from './import-preview-table';
import { ImportReadOptions } from './import-read-options';

/** In the order the screen shows them (the contracts' order). */
const FIELDS = Object.keys(IMPORT_FIELDS) as ImportField[];
const SERVER_FIELDS: FieldPath<MappingFormValues>[] = [...FIELDS.map((f) => `mapping.${f}` as const), 'default_currency', 'date_order'];

interface ImportMappingFormProps {
  source: CustomerImport;
  /** "Choose another file": back to the upload step. */
  onReset: () => void;
}

/** Step 2: which column holds what, how to read dates and currencies, and a live preview. */
export function ImportMappingForm({ source, onReset }: ImportMappingFormProps) {
  const { default_currency: organisationCurrency } = useOrganisationSettings();
  const form = useForm<MappingFormValues>({ defaultValues: toFormValues(source, organisationCurrency) });
  const [mappingValues, defaultCurrency, dateOrder] = useWatch({ control: form.control, name: ['mapping', 'default_currency', 'date_order'] });
  const mapping = toImportMapping(mappingValues);
  const problems = mappingProblems(mapping);
  const problemOf = new Map(problems.map((p) => [p.field, p.reason]));
  const start = useStartImport(source.id);
  const input = toStartInput({ mapping: mappingValues, default_currency: defaultCurrency, date_order: dateOrder });
  // Counted by the server over every row, not only the preview: the button names what will import.
  const check = useImportCheck(source.id, problems.length === 0 ? input : undefined);
  const counted = problems.length === 0 ? check.data : undefined;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    start.mutate(toStartInput(values), {
      onError: (error) => setFormError(applyServerErrors(error, SERVER_FIELDS, form.setError)),
    });
  });

  const rows = source.total_rows;
  const label = counted && counted.rows_to_import > 0 ? `Import ${rowCount(counted.rows_to_import)}` : 'Start import';
  const isNothingToImport = counted?.rows_to_import === 0;

  return (
    <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate aria-label="Column mapping">
      <ImportCard
        title="Match your columns"
        description={`${source.filename}: ${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'}, ${source.headers.length} columns. Columns we recognised are already matched; check them and choose the rest.`}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, rowGap: 2.5 }}>
          {FIELDS.map((field) => (
            <ImportFieldSelect
              key={field}
              field={field}
              control={form.control}
              headers={source.headers}
              preview={source.preview}
              problem={problemOf.get(field)}
            />
          ))}
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="h3" sx={{ fontSize: '1rem', mb: 2 }}>
          Reading values
        </Typography>
        <ImportReadOptions control={form.control} />
      </ImportCard>

      <ImportCard title="Preview" description={`${previewLead(source.preview.length)}, read exactly as the import will read them.`}>
        <ImportPreviewTable preview={source.preview} mapping={mapping} options={{ defaultCurrency, dateOrder }} />
      </ImportCard>

      {problems.length > 0 ? (
        <Alert severity="warning" variant="outlined" sx={{ borderRadius: 3 }}>
          <AlertTitle>Before you can import</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((p) => (
              <li key={p.field}>{`${fieldLabel(p.field)}: ${p.reason}`}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {counted && counted.rows_refused > 0 ? (
        <Alert severity={isNothingToImport ? 'warning' : 'info'} variant="outlined" sx={{ borderRadius: 3 }} aria-live="polite">
          {isNothingToImport
            ? `None of the ${rowCount(rows)} can be imported as matched: check the columns and how dates are written.`
            : `${rowCount(counted.rows_refused)} of ${formatCount(rows)} will not be imported as matched. After the import they are listed with the reason for each, to download, fix and import again.`}
        </Alert>
      ) : null}
      {formError ? (
        <Alert severity="error" variant="outlined" sx={{ borderRadius: 3 }}>
          {formError}
        </Alert>
      ) : null}

      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <ImportDiscardButton source={source} onDiscarded={onReset} disabled={start.isPending} />
        <Button variant="outlined" size="large" onClick={onReset} disabled={start.isPending}>
          Choose another file
        </Button>
        <SubmitButton isPending={start.isPending} disabled={problems.length > 0 || isNothingToImport || start.isPending}>
          {label}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}

function rowCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;
}

function previewLead(rows: number): string {
  return rows === 1 ? 'The first row' : `The first ${formatCount(rows)} rows`;
}

function fieldLabel(field: string): string {
  const parsed = importFieldSchema.safeParse(field);
  return parsed.success ? IMPORT_FIELDS[parsed.data].label : field;
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CustomerImport } from '@receivables/contracts';

import { formatCount } from '../../../lib/format';

/** What an import has done so far, as labelled figures; the same tiles while it runs and after. */
export function ImportCounts({ source }: { source: CustomerImport }) {
  const figures = [
    { label: 'New customers', value: source.customers_created },
    { label: 'New invoices', value: source.invoices_created },
    { label: 'Invoices updated', value: source.invoices_updated },
    { label: 'Already up to date', value: source.invoices_unchanged },
    { label: 'Rows not imported', value: source.rejected_rows, isProblem: source.rejected_rows > 0 },
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        gap: 1.5,
        m: 0,
      }}
    >
      {figures.map((figure) => (
        <Box key={figure.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 3, px: 2, py: 1.5, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              mt: 0.5,
              fontSize: '1.375rem',
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
              color: figure.isProblem ? 'warning.main' : 'text.primary',
            }}
          >
            {formatCount(figure.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

import FilterAltOffRounded from '@mui/icons-material/FilterAltOffRounded';
import PeopleOutlineRounded from '@mui/icons-material/PeopleOutlineRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';


function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
      {icon}
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Nobody in the organisation yet. */
export function NoCustomersYet() {
  return (
    <EmptyState icon={<PeopleOutlineRounded color="primary" sx={{ fontSize: 40 }} aria-hidden />} title="No customers yet">
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        Customers arrive from Stripe once it is connected, from a CSV import of your accounting tool, or through the API.
      </Typography>
      <ImportCsvButton label="Import from CSV" variant="contained" />
    </EmptyState>
  );
}

/** Customers exist, but none match the search and filters. */
export function NoMatchingCustomers({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState icon={<FilterAltOffRounded color="action" sx={{ fontSize: 40 }} aria-hidden />} title="No customers match these filters">
      <Typography color="text.secondary">Try a broader search, or remove a filter.</Typography>
      <Button variant="outlined" onClick={onClear}>
        Clear filters
      </Button>
    </EmptyState>
  );
}

/** The URL asks for a page past the end of the list (an old link, or customers have gone). */
export function PastTheEnd({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <EmptyState icon={<PeopleOutlineRounded color="action" sx={{ fontSize: 40 }} aria-hidden />} title="This page is past the end of the list">
      <Button variant="outlined" onClick={onFirstPage}>
        Go to the first page
      </Button>
    </EmptyState>
  );
}
import { ImportCsvButton } from '../../imports/components/import-csv-button';

import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { DeleteOrganisationDialog } from './delete-organisation-dialog';

/** The owner's way to delete the organisation, set apart and in red so it is never pressed by mistake. */
export function DangerZone({ name }: { name: string }) {
  const headingId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined" sx={{ borderColor: 'error.main' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <div>
            <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', color: 'error.main' }}>
              Delete this organisation
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Its customers, invoices, emails, workflows, settings and team go for good. Your other organisations are not touched.
            </Typography>
          </div>
          <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            Delete organisation…
          </Button>
        </Stack>
      </CardContent>
      {isConfirming ? <DeleteOrganisationDialog name={name} onClose={() => setIsConfirming(false)} /> : null}
    </Card>
  );
}

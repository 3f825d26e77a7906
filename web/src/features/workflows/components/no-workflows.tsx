import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * No workflow at all. New organisations start with "Standard chasing", so this is only reached by
 * an organisation older than workflows; until it creates one, nobody is chased. Without `onCreate`
 * (a role that may not change workflows) it only says so.
 */
export function NoWorkflows({ onCreate }: { onCreate: (() => void) | undefined }) {
  return (
    <Card component="section" aria-label="Workflows">
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 5, sm: 8 }, px: 2 }}>
        <AccountTreeOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
          No workflows yet
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          A workflow says which reminder goes out how many days after a customer misses an invoice. Until there is one, nobody is chased.
        </Typography>
        {onCreate ? (
          <Button variant="contained" startIcon={<AddRounded />} onClick={onCreate}>
            Create a workflow
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

import ApartmentRounded from '@mui/icons-material/ApartmentRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useOrganizations } from '../api/get-organizations';

interface OrgListProps {
  onChoose: (org: { id: string; name: string }) => void;
  pendingId?: string;
  error?: Error | null;
}

/** The user's organisations, each a button that makes it active. */
export function OrgList({ onChoose, pendingId, error }: OrgListProps) {
  const orgs = useOrganizations();

  if (orgs.isPending) return <LoadingSkeleton lines={2} height={56} label="Loading organisations" />;
  if (orgs.isError) {
    return <ErrorPanel title="Could not load your organisations" message={orgs.error.message} onRetry={() => void orgs.refetch()} />;
  }
  if (orgs.data.length === 0) {
    return (
      <Typography color="text.secondary">
        You are not a member of any organisation yet. Create one below to get started.
      </Typography>
    );
  }
  return (
    <>
      {error ? <Alert severity="error" sx={{ mb: 2 }}>{error.message}</Alert> : null}
      <List disablePadding sx={{ display: 'grid', gap: 1 }}>
        {orgs.data.map((org) => (
          <ListItemButton
            key={org.id}
            component="button"
            onClick={() => onChoose(org)}
            disabled={pendingId !== undefined}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 3, width: '100%', textAlign: 'left' }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <ApartmentRounded color="primary" />
            </ListItemIcon>
            <ListItemText primary={org.name} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
            <ChevronRightRounded aria-hidden color="action" />
          </ListItemButton>
        ))}
      </List>
    </>
  );
}

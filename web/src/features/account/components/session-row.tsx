import ComputerRounded from '@mui/icons-material/ComputerRounded';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { formatDateTime } from '../../../lib/format';
import type { AccountSession } from '../api/list-sessions';
import { describeUserAgent } from '../user-agent';

interface SessionRowProps {
  session: AccountSession;
  isCurrent: boolean;
  isSigningOut: boolean;
  onSignOut: () => void;
}

const PHONE = /iPhone|Android|Mobile/;

/** One signed-in browser: what it is, when it was last used, and a sign-out unless it is this one. */
export function SessionRow({ session, isCurrent, isSigningOut, onSignOut }: SessionRowProps) {
  const device = describeUserAgent(session.userAgent);
  const lastActive = formatDateTime(session.updatedAt.toISOString());
  const Icon = PHONE.test(session.userAgent ?? '') ? SmartphoneRounded : ComputerRounded;
  return (
    <ListItem divider disableGutters sx={{ py: 1.5, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Icon aria-hidden sx={{ color: 'text.secondary' }} />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Stack direction="row" useFlexGap sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{device}</Typography>
          {isCurrent ? <Chip label="This device" size="small" color="primary" variant="outlined" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Last active {lastActive}
          {session.ipAddress ? ` · ${session.ipAddress}` : ''}
        </Typography>
      </Box>
      {isCurrent ? null : (
        <Button size="small" onClick={onSignOut} disabled={isSigningOut} aria-label={`Sign out ${device}, last active ${lastActive}`}>
          Sign out
        </Button>
      )}
    </ListItem>
  );
}

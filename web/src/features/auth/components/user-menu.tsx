import LogoutRounded from '@mui/icons-material/LogoutRounded';
import ManageAccountsRounded from '@mui/icons-material/ManageAccountsRounded';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { useInstanceInfo } from '../../account/api/get-instance-info';
import { useSignOut } from '../api/sign-out';

interface UserMenuProps {
  user: { name: string; email: string; emailVerified?: boolean };
}

function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 0 ? parts.slice(0, 2).map((part) => part[0]) : [email[0]];
  return letters.join('').toUpperCase();
}

export function UserMenu({ user }: UserMenuProps) {
  const letters = initials(user.name, user.email);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const signOut = useSignOut();
  const navigate = useNavigate();
  // A gentle reminder to confirm the address, only where a confirmation email could have been
  // sent (decision 0026); asked about only for someone not yet confirmed.
  const isUnconfirmed = user.emailVerified === false;
  const asksToConfirm = useInstanceInfo(isUnconfirmed).data?.account_mail === 'smtp' && isUnconfirmed;

  const onSignOut = () => {
    setAnchor(null);
    signOut.mutate(undefined, { onSettled: () => void navigate({ to: '/signin', search: { redirect_url: '/' } }) });
  };

  return (
    <>
      <IconButton
        // The initials shown are part of the name, so voice control can press the button by
        // saying them (WCAG 2.5.3, label in name).
        aria-label={`Account menu, ${letters}${asksToConfirm ? ', email address not confirmed' : ''}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <Badge color="warning" variant="dot" overlap="circular" invisible={!asksToConfirm}>
          <Avatar sx={{ width: 34, height: 34, fontSize: '0.875rem', bgcolor: 'secondary.main' }}>
            {letters}
          </Avatar>
        </Badge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 320 } } }}
      >
        {/* A subheader, not an item: MUI's menu skips it when moving focus. */}
        <ListSubheader component="div" sx={{ lineHeight: 1.5, py: 1, bgcolor: 'transparent' }}>
          <Typography noWrap sx={{ fontWeight: 600, color: 'text.primary' }}>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </ListSubheader>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate({ to: '/settings', search: { section: 'account' } });
          }}
        >
          <ListItemIcon>
            <ManageAccountsRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Your account" secondary={asksToConfirm ? 'Please confirm your email address' : undefined} />
        </MenuItem>
        <MenuItem onClick={onSignOut} disabled={signOut.isPending}>
          <ListItemIcon>
            <LogoutRounded fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}

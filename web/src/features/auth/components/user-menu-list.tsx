import LogoutRounded from '@mui/icons-material/LogoutRounded';
import ManageAccountsRounded from '@mui/icons-material/ManageAccountsRounded';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';

interface UserMenuListProps {
  anchor: HTMLElement | null;
  user: { name: string; email: string };
  asksToConfirm: boolean;
  isSigningOut: boolean;
  onClose: () => void;
  onAccount: () => void;
  onSignOut: () => void;
}

/** The account menu's items: their own chunk, fetched when the button is reached for (user-menu.tsx). */
export function UserMenuList({ anchor, user, asksToConfirm, isSigningOut, onClose, onAccount, onSignOut }: UserMenuListProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
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
      <MenuItem onClick={onAccount}>
        <ListItemIcon>
          <ManageAccountsRounded fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="Your account" secondary={asksToConfirm ? 'Please confirm your email address' : undefined} />
      </MenuItem>
      <MenuItem onClick={onSignOut} disabled={isSigningOut}>
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        Sign out
      </MenuItem>
    </Menu>
  );
}

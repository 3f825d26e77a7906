import AddRounded from '@mui/icons-material/AddRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

interface OrgSwitcherMenuProps {
  anchor: HTMLElement | null;
  organisations: readonly { id: string; name: string }[];
  activeOrganizationId: string | null | undefined;
  onClose: () => void;
  onSwitch: (org: { id: string; name: string }) => void;
  onCreate: () => void;
}

/** The switcher's list: its own chunk, fetched when the button is reached for (org-switcher.tsx). */
export function OrgSwitcherMenu({ anchor, organisations, activeOrganizationId, onClose, onSwitch, onCreate }: OrgSwitcherMenuProps) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 320 } } }}
    >
      {organisations.map((org) => {
        const isActive = org.id === activeOrganizationId;
        return (
          <MenuItem key={org.id} selected={isActive} onClick={() => onSwitch(org)}>
            <ListItemIcon>{isActive ? <CheckRounded fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={org.name} slotProps={{ primary: { noWrap: true } }} />
          </MenuItem>
        );
      })}
      <Divider />
      <MenuItem onClick={onCreate}>
        <ListItemIcon>
          <AddRounded fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="Create organisation" />
      </MenuItem>
    </Menu>
  );
}

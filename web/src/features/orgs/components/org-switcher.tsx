import AddRounded from '@mui/icons-material/AddRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import UnfoldMoreRounded from '@mui/icons-material/UnfoldMoreRounded';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { useNotify } from '../../../lib/use-notify';
import { useOrganizations } from '../api/get-organizations';
import { useSetActiveOrganization } from '../api/set-active-organization';

/**
 * Top-bar switcher. Shows organisations by name only: no slug, and no personal account, since
 * every piece of data here belongs to an organisation (docs/product.md).
 */
export function OrgSwitcher({ activeOrganizationId }: { activeOrganizationId: string | null | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const orgs = useOrganizations();
  const setActive = useSetActiveOrganization();
  const navigate = useNavigate();
  const notify = useNotify();
  const active = orgs.data?.find((org) => org.id === activeOrganizationId);
  const shown = active?.name ?? (orgs.isPending ? 'Loading…' : 'Organisation');

  const close = () => setAnchor(null);
  const switchTo = (org: { id: string; name: string }) => {
    close();
    if (org.id === activeOrganizationId) return;
    setActive.mutate(org.id, {
      onSuccess: () => {
        notify(`Switched to ${org.name}`, 'success');
        void navigate({ to: '/' });
      },
      onError: (error) => notify(error.message, 'error'),
    });
  };

  return (
    <>
      <Button
        // The name a person sees is part of the button's name, so voice control can press it by
        // saying it (WCAG 2.5.3); "switch organisation" says what it does.
        aria-label={`${shown}, switch organisation`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        color="inherit"
        endIcon={<UnfoldMoreRounded />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={setActive.isPending}
        sx={{ maxWidth: { xs: 150, sm: 280 }, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 2.5, px: 1.5 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {shown}
        </span>
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 320 } } }}
      >
        {(orgs.data ?? []).map((org) => {
          const isActive = org.id === activeOrganizationId;
          return (
            <MenuItem key={org.id} selected={isActive} onClick={() => switchTo(org)}>
              <ListItemIcon>{isActive ? <CheckRounded fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={org.name} slotProps={{ primary: { noWrap: true } }} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate({ to: '/org-select', search: { redirect_url: '/' } });
          }}
        >
          <ListItemIcon>
            <AddRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Create organisation" />
        </MenuItem>
      </Menu>
    </>
  );
}

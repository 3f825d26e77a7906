import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';

import { ColorSchemeToggle } from './color-scheme-toggle';
import { TOP_BAR_HEIGHT } from './layout-constants';
import { Logo } from './logo';

interface TopBarProps {
  /** Opens the navigation drawer on phones; omitted where there is no navigation. */
  onOpenNavigation?: () => void;
  /** Organisation switcher, account menu or sign-in button. */
  actions?: ReactNode;
}

export function TopBar({ onOpenNavigation, actions }: TopBarProps) {
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ minHeight: { xs: TOP_BAR_HEIGHT }, gap: 1, px: { xs: 1.5, sm: 3 } }}>
        {onOpenNavigation ? (
          <IconButton
            aria-label="Open navigation menu"
            edge="start"
            onClick={onOpenNavigation}
            sx={{ display: { sm: 'none' } }}
            color="inherit"
          >
            <MenuRounded />
          </IconButton>
        ) : null}
        <Logo isCompact={Boolean(actions)} />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 1 }, minWidth: 0 }}>
          {actions}
          <ColorSchemeToggle />
        </Box>
      </Toolbar>
    </AppBar>
  );
}

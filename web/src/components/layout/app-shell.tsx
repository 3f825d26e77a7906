import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useState, type ReactNode } from 'react';

import { Footer } from './footer';
import { TOP_BAR_HEIGHT } from './layout-constants';
import { NavDrawer } from './nav-drawer';
import type { NavBadges } from './nav-items';
import { OfflineBanner } from './offline-banner';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

interface AppShellProps {
  /** Top-bar controls that depend on who is signed in. */
  actions?: ReactNode;
  showSignIn?: boolean;
  /** Counts beside menu items (unread replies beside Activity). */
  navBadges?: NavBadges;
  children: ReactNode;
}

/** Fixed top bar, left navigation, content and footer (docs/product.md, Look and layout). */
export function AppShell({ actions, showSignIn = false, navBadges, children }: AppShellProps) {
  const [isNavOpen, setNavOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar onOpenNavigation={() => setNavOpen(true)} actions={actions} />
      <NavDrawer isMobileOpen={isNavOpen} onClose={() => setNavOpen(false)} showSignIn={showSignIn} badges={navBadges} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ minHeight: { xs: TOP_BAR_HEIGHT } }} />
        <OfflineBanner />
        {/* Focusable from the skip link only, and without a ring: it is a region, not a control. */}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 4 }, maxWidth: 1200, width: '100%', outline: 'none' }}
        >
          {children}
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';

import { Footer } from './footer';
import { TOP_BAR_HEIGHT } from './layout-constants';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** Sign-in, sign-up and organisation choice: no navigation, the form centred. */
export function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar />
      <Toolbar sx={{ minHeight: { xs: TOP_BAR_HEIGHT } }} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        // Focusable only from the skip link, and with no ring: it is a region, not a control.
        tabIndex={-1}
        sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: 2, py: { xs: 4, sm: 8 }, outline: 'none' }}
      >
        <Box sx={{ width: '100%', maxWidth: 440 }}>{children}</Box>
      </Box>
      <Footer />
    </Box>
  );
}

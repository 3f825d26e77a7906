import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRouterState } from '@tanstack/react-router';

import { VISUALLY_HIDDEN } from '../visually-hidden';

import { NAV_WIDTH, TOP_BAR_HEIGHT } from './layout-constants';
import { type NavBadge, type NavBadges, NavLinkButton, NAV_ITEMS, SIGN_IN_ITEM, isNavItemActive, type NavItem } from './nav-items';

interface NavDrawerProps {
  isMobileOpen: boolean;
  onClose: () => void;
  showSignIn: boolean;
  badges?: NavBadges;
}

/** The count as a small pill; the link's name says it in words instead (see below). */
function NavItemBadge({ badge }: { badge: NavBadge }) {
  // Named by its content, no aria-label: "Activity, 1 unread reply" is the text itself, the comma
  // (after the item's label) and the words out of sight, so the name holds what is shown (WCAG
  // 2.5.3) and says the count once. Decision 0046.
  return (
    <>
      <Box
        component="span"
        sx={{ ml: 1, flexShrink: 0, display: 'inline-block', minWidth: 22, height: 22, px: 0.75, borderRadius: 11, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '0.75rem', fontWeight: 700, lineHeight: '22px', textAlign: 'center' }}
      >
        {badge.count > 99 ? '99+' : badge.count}
      </Box>
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {` ${badge.label.replace(/^[\d,+]+ /, '')}`}
      </Box>
    </>
  );
}

/** Permanent from the `sm` breakpoint (600px), a temporary drawer below it (docs/product.md, Look and layout). */
export function NavDrawer({ isMobileOpen, onClose, showSignIn, badges = {} }: NavDrawerProps) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const renderItem = (item: NavItem) => {
    const isActive = isNavItemActive(item, pathname);
    const Icon = item.icon;
    const badge = badges[item.to];
    const counted = badge && badge.count > 0 ? badge : null;
    // Each link sits in its own <li>: a list may only hold list items (WCAG 1.3.1).
    return (
      <ListItem key={item.to} disablePadding sx={{ mb: 0.5 }}>
        <NavLinkButton
          to={item.to}
          selected={isActive}
          aria-current={isActive ? 'page' : undefined}
          onClick={onClose}
          sx={{ borderRadius: 3, '&.Mui-selected': { fontWeight: 600 } }}
        >
          <ListItemIcon sx={{ minWidth: 40, color: isActive ? 'primary.main' : undefined }}>
            <Icon />
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {item.label}
                {/* The pause in "Activity, 1 unread reply", heard and not seen (see NavItemBadge). */}
                {counted ? (
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    ,
                  </Box>
                ) : null}
              </>
            }
            slotProps={{ primary: { sx: { fontWeight: isActive ? 600 : 500 } } }}
          />
          {counted ? <NavItemBadge badge={counted} /> : null}
        </NavLinkButton>
      </ListItem>
    );
  };

  return (
    <Drawer
      variant={isDesktop ? 'permanent' : 'temporary'}
      open={isDesktop || isMobileOpen}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      sx={{ width: { sm: NAV_WIDTH }, flexShrink: 0 }}
      slotProps={{
        paper: {
          'data-testid': 'app-nav',
          sx: { width: NAV_WIDTH, boxSizing: 'border-box', borderRadius: 0, backgroundImage: 'none' },
        } as object,
      }}
    >
      <Toolbar sx={{ minHeight: { xs: TOP_BAR_HEIGHT } }} />
      <nav aria-label="Main navigation">
        <List sx={{ px: 1.5, py: 2 }}>{NAV_ITEMS.map(renderItem)}</List>
        {showSignIn ? (
          <>
            <Divider sx={{ mx: 2 }} />
            <List sx={{ px: 1.5, py: 2 }}>{renderItem(SIGN_IN_ITEM)}</List>
          </>
        ) : null}
      </nav>
    </Drawer>
  );
}
